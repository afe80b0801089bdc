package growth

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

func URLLiteral(c *http.Client, ids []string) {
	q := url.Values{}
	for _, id := range ids {
		q.Add("id", id)
	}
	u := url.URL{Scheme: "https", Host: "example.com", Path: "/v1/x", RawQuery: q.Encode()}
	c.Head(u.String()) // want `request URL grows with len\(ids\) \(q.Add in a loop\); send ids in batches or in a request body`
}

func Buffer(ctx context.Context, base string, ids []int) {
	var buf bytes.Buffer
	buf.WriteString(base)
	buf.WriteString("?ids=")
	for _, id := range ids {
		fmt.Fprintf(&buf, "%d,", id)
	}
	http.NewRequestWithContext(ctx, "GET", buf.String(), nil) // want `request URL grows with len\(ids\) \(fmt.Fprintf in a loop\); send ids in batches or in a request body`
}

func PlusEquals(base string, ids []string) {
	u := base + "?"
	for _, id := range ids {
		u += "id=" + url.QueryEscape(id) + "&"
	}
	http.Get(u) // want `request URL grows with len\(ids\) \(string concatenation in a loop\); send ids in batches or in a request body`
}

func Sprint(base string, ids []string) {
	http.Get(base + "?ids=" + fmt.Sprint(ids)) // want `request URL grows with len\(ids\) \(fmt.Sprint\); send ids in batches or in a request body`
}

func ParsedURL(c *http.Client, base string, ids []string) {
	u, err := url.Parse(base + "?ids=" + strings.Join(ids, ","))
	if err != nil {
		return
	}
	c.Do(&http.Request{Method: "GET", URL: u}) // want `request URL grows with len\(ids\) \(strings.Join\); send ids in batches or in a request body`
	req, _ := http.NewRequest("GET", base, nil)
	req.URL = u // the same growth: a related position of the finding above
	c.Do(req)
}

func Cookie(req *http.Request, ids []string) {
	req.Header.Set("Cookie", "ids="+strings.Join(ids, ".")) // want `header Cookie grows with len\(ids\) \(strings.Join\); send ids in batches or in a request body`
}

// Read before the loop: the query is empty when it is encoded.
func ReadFirst(base string, ids []string) {
	q := url.Values{}
	u := base + "?" + q.Encode()
	for _, id := range ids {
		q.Add("id", id)
	}
	http.Get(u)
}

// NeverFlushed joins every name into one URL (jaeger's DeleteIndices
// before the fix): the reset branch is missing.
func NeverFlushed(base string, names []string) error {
	joined := ""
	for _, name := range names {
		joined += name + ","
	}
	_, err := http.Get(base + "/" + joined) // want `request URL grows with len\(names\) \(string concatenation in a loop\); send names in batches or in a request body`
	return err
}
