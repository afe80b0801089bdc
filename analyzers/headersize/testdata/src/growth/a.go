// Package growth holds the shapes headersize must report.
package growth

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"
)

// Incident 000: one fenceNos= per element of the caller's list.
func Fences(base string, ids []string) (*http.Request, error) {
	q := url.Values{}
	for _, id := range ids {
		q.Add("fenceNos", id)
	}
	return http.NewRequest("GET", base+"?"+q.Encode(), nil) // want `request URL grows with len\(ids\) \(q.Add in a loop\); send ids in batches or in a request body`
}

func JoinQuery(base string, ids []string) {
	http.Get(base + "?ids=" + strings.Join(ids, ",")) // want `request URL grows with len\(ids\) \(strings.Join\); send ids in batches or in a request body`
}

func JoinHeader(ctx context.Context, u string, scopes []string) {
	req, _ := http.NewRequestWithContext(ctx, "GET", u, nil)
	req.Header.Set("X-Scopes", strings.Join(scopes, " ")) // want `header X-Scopes grows with len\(scopes\) \(strings.Join\); send scopes in batches or in a request body`
	http.DefaultClient.Do(req)
}

// AddHeaderLoop adds one header line per element: each line as long as
// its element; not reported (media types, credentials and the like stay
// far below the total header budget).
func AddHeaderLoop(u string, ids []string) {
	req, _ := http.NewRequest("GET", u, nil)
	for _, id := range ids {
		req.Header.Add("X-Id", id)
	}
	http.DefaultClient.Do(req)
}

func RawQuery(c *http.Client, u string, ids []int) {
	req, _ := http.NewRequest("GET", u, nil)
	q := req.URL.Query()
	for _, id := range ids {
		q.Add("id", strconv.Itoa(id))
	}
	req.URL.RawQuery = q.Encode() // want `request URL grows with len\(ids\) \(q.Add in a loop\); send ids in batches or in a request body`
	c.Do(req)
}

func URLString(c *http.Client, ids []string) {
	u, _ := url.Parse("https://example.com/v1/fence/batch")
	q := u.Query()
	for _, id := range ids {
		q.Add("fenceNos", id)
	}
	u.RawQuery = q.Encode()
	c.Get(u.String()) // want `request URL grows with len\(ids\) \(q.Add in a loop\); send ids in batches or in a request body`
}

func RequestLiteral(c *http.Client, ids []string) {
	u := &url.URL{Scheme: "https", Host: "example.com", Path: path.Join(ids...)}
	c.Do(&http.Request{Method: "GET", URL: u}) // want `request URL grows with len\(ids\) \(path.Join\); send ids in batches or in a request body`
}

func Sprintf(base string, ids []int64) {
	http.Head(fmt.Sprintf("%s?ids=%v", base, ids)) // want `request URL grows with len\(ids\) \(fmt.Sprintf\); send ids in batches or in a request body`
}

func Builder(base string, ids []string) {
	var b strings.Builder
	b.WriteString(base)
	b.WriteString("?")
	for i, id := range ids {
		if i > 0 {
			b.WriteString("&")
		}
		b.WriteString("id=" + url.QueryEscape(id))
	}
	http.Get(b.String()) // want `request URL grows with len\(ids\) \(b.WriteString in a loop\); send ids in batches or in a request body`
}

// Options is set by callers.
type Options struct {
	IDs []string
}

func Field(base string, o *Options) {
	http.Get(base + "?ids=" + strings.Join(o.IDs, ",")) // want `request URL grows with len\(o.IDs\) \(strings.Join\); send o.IDs in batches or in a request body`
}

type Store interface{ List() []string }

func Result(base string, s Store) {
	q := url.Values{}
	for _, id := range s.List() {
		q.Add("id", id)
	}
	http.Get(base + "?" + q.Encode()) // want `request URL grows with the length of the result of s.List\(\) \(q.Add in a loop\); send them in batches or in a request body`
}

type Row struct{ ID string }

func Appended(base string, rows []Row) {
	var ids []string
	for _, r := range rows {
		ids = append(ids, r.ID)
	}
	http.Get(base + "?ids=" + strings.Join(ids, ",")) // want `request URL grows with len\(rows\) \(append in a loop\); send rows in batches or in a request body`
}

func RangeFunc(base string, ids []string) {
	q := url.Values{}
	for id := range slices.Values(ids) {
		q.Add("id", id)
	}
	http.Get(base + "?" + q.Encode()) // want `request URL grows with len\(ids\) \(q.Add in a loop\); send ids in batches or in a request body`
}

func Counter(base string, ids []string) {
	q := url.Values{}
	for i := 0; i < len(ids); i++ {
		q.Add("id", ids[i])
	}
	http.Get(base + "?" + q.Encode()) // want `request URL grows with len\(ids\) \(q.Add in a loop\); send ids in batches or in a request body`
}

func ValuesLiteral(base string, ids []string) {
	q := url.Values{"id": ids}
	http.Get(base + "?" + q.Encode()) // want `request URL grows with len\(ids\) \(the url.Values literal\); send ids in batches or in a request body`
}

// HeaderSlice writes one line per element too: not reported.
func HeaderSlice(u string, ids []string) {
	req, _ := http.NewRequest("GET", u, nil)
	req.Header["X-Id"] = ids
	http.DefaultClient.Do(req)
}

func HeaderMap(u string, ids []string) {
	h := http.Header{}
	h.Set("X-Ids", strings.Join(ids, ",")) // want `header X-Ids grows with len\(ids\) \(strings.Join\); send ids in batches or in a request body`
	http.DefaultClient.Do(&http.Request{Method: "GET", URL: &url.URL{Path: u}, Header: h})
}

func Set(m map[string]bool) {
	q := url.Values{}
	for id := range m {
		q.Add("id", id)
	}
	http.Get("https://example.com/?" + q.Encode()) // want `request URL grows with len\(m\) \(q.Add in a loop\); send m in batches or in a request body`
}
