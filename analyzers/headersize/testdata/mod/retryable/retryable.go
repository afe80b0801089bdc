// Package retryable holds go-retryablehttp cases.
package retryable

import (
	"net/url"
	"strings"

	"github.com/hashicorp/go-retryablehttp"
)

func Fences(base string, ids []string) error {
	q := url.Values{}
	for _, id := range ids {
		q.Add("fenceNos", id)
	}
	req, err := retryablehttp.NewRequest("GET", base+"?"+q.Encode(), nil) // want `request URL grows with len\(ids\) \(q.Add in a loop\); send ids in batches or in a request body`
	if err != nil {
		return err
	}
	req.Header.Set("X-Ids", strings.Join(ids, ",")) // want `header X-Ids grows with len\(ids\) \(strings.Join\); send ids in batches or in a request body`
	_, err = retryablehttp.NewClient().Do(req)
	return err
}

func Client(c *retryablehttp.Client, base string, ids []string) {
	c.Get(base + "?ids=" + strings.Join(ids, ","))          // want `request URL grows with len\(ids\) \(strings.Join\); send ids in batches or in a request body`
	retryablehttp.Head(base + "/" + strings.Join(ids, "/")) // want `request URL grows with len\(ids\) \(strings.Join\); send ids in batches or in a request body`
}

func RawQuery(base string, ids []string) {
	req, _ := retryablehttp.NewRequest("GET", base, nil)
	q := req.URL.Query()
	for _, id := range ids {
		q.Add("id", id)
	}
	req.URL.RawQuery = q.Encode() // want `request URL grows with len\(ids\) \(q.Add in a loop\); send ids in batches or in a request body`
}

// Silent: the ids in the body; a batch.
func Body(c *retryablehttp.Client, base string, ids []string) {
	c.Post(base, "text/plain", strings.Join(ids, "\n"))
	c.PostForm(base, url.Values{"id": ids})
	for i := 0; i < len(ids); i += 50 {
		c.Get(base + "?ids=" + strings.Join(ids[i:min(i+50, len(ids))], ","))
	}
}
