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
	return http.NewRequest("GET", base+"?"+q.Encode(), nil) // want `request URL grows with the length of ids \(q.Add in a loop over it\): a long list makes the request line exceed proxy limits \(8192 bytes\) and fail with 414 or 431; send the ids in batches or in a request body`
}

func JoinQuery(base string, ids []string) {
	http.Get(base + "?ids=" + strings.Join(ids, ",")) // want `request URL grows with the length of ids \(strings.Join of it\)`
}

func JoinHeader(ctx context.Context, u string, scopes []string) {
	req, _ := http.NewRequestWithContext(ctx, "GET", u, nil)
	req.Header.Set("X-Scopes", strings.Join(scopes, " ")) // want `header X-Scopes grows with the length of scopes \(strings.Join of it\): a long list makes the header exceed proxy limits \(8192 bytes\) and fail with 431 or 400; send the scopes in batches or in a request body`
	http.DefaultClient.Do(req)
}

func AddHeaderLoop(u string, ids []string) {
	req, _ := http.NewRequest("GET", u, nil)
	for _, id := range ids {
		req.Header.Add("X-Id", id) // want `request headers grow with the length of ids \(req.Header.Add in a loop over it\): each element adds one X-Id header line`
	}
	http.DefaultClient.Do(req)
}

func RawQuery(c *http.Client, u string, ids []int) {
	req, _ := http.NewRequest("GET", u, nil)
	q := req.URL.Query()
	for _, id := range ids {
		q.Add("id", strconv.Itoa(id))
	}
	req.URL.RawQuery = q.Encode() // want `request URL grows with the length of ids \(q.Add in a loop over it\)`
	c.Do(req)
}

func URLString(c *http.Client, ids []string) {
	u, _ := url.Parse("https://example.com/v1/fence/batch")
	q := u.Query()
	for _, id := range ids {
		q.Add("fenceNos", id)
	}
	u.RawQuery = q.Encode()
	c.Get(u.String()) // want `request URL grows with the length of ids \(q.Add in a loop over it\)`
}

func RequestLiteral(c *http.Client, ids []string) {
	u := &url.URL{Scheme: "https", Host: "example.com", Path: path.Join(ids...)}
	c.Do(&http.Request{Method: "GET", URL: u}) // want `request URL grows with the length of ids \(path.Join of it\)`
}

func Sprintf(base string, ids []int64) {
	http.Head(fmt.Sprintf("%s?ids=%v", base, ids)) // want `request URL grows with the length of ids \(fmt.Sprintf of it\)`
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
	http.Get(b.String()) // want `request URL grows with the length of ids \(b.WriteString in a loop over it\)`
}

// Options is set by callers.
type Options struct {
	IDs []string
}

func Field(base string, o *Options) {
	http.Get(base + "?ids=" + strings.Join(o.IDs, ",")) // want `request URL grows with the length of o.IDs \(strings.Join of it\): .*; send the o.IDs in batches`
}

type Store interface{ List() []string }

func Result(base string, s Store) {
	q := url.Values{}
	for _, id := range s.List() {
		q.Add("id", id)
	}
	http.Get(base + "?" + q.Encode()) // want `request URL grows with the length of the result of s.List\(\) \(q.Add in a loop over it\): .*; send them in batches or in a request body`
}

type Row struct{ ID string }

func Appended(base string, rows []Row) {
	var ids []string
	for _, r := range rows {
		ids = append(ids, r.ID)
	}
	http.Get(base + "?ids=" + strings.Join(ids, ",")) // want `request URL grows with the length of rows \(append in a loop over it\)`
}

func RangeFunc(base string, ids []string) {
	q := url.Values{}
	for id := range slices.Values(ids) {
		q.Add("id", id)
	}
	http.Get(base + "?" + q.Encode()) // want `request URL grows with the length of ids \(q.Add in a loop over it\)`
}

func Counter(base string, ids []string) {
	q := url.Values{}
	for i := 0; i < len(ids); i++ {
		q.Add("id", ids[i])
	}
	http.Get(base + "?" + q.Encode()) // want `request URL grows with the length of ids \(q.Add in a loop over it\)`
}

func ValuesLiteral(base string, ids []string) {
	q := url.Values{"id": ids}
	http.Get(base + "?" + q.Encode()) // want `request URL grows with the length of ids \(the url.Values literal with it\)`
}

func HeaderSlice(u string, ids []string) {
	req, _ := http.NewRequest("GET", u, nil)
	req.Header["X-Id"] = ids // want `request headers grow with the length of ids \(req.Header\["X-Id"\] = … with it\): each element is one X-Id header line`
	http.DefaultClient.Do(req)
}

func HeaderMap(u string, ids []string) {
	h := http.Header{}
	h.Set("X-Ids", strings.Join(ids, ",")) // want `header X-Ids grows with the length of ids`
	http.DefaultClient.Do(&http.Request{Method: "GET", URL: &url.URL{Path: u}, Header: h})
}

func Set(m map[string]bool) {
	q := url.Values{}
	for id := range m {
		q.Add("id", id)
	}
	http.Get("https://example.com/?" + q.Encode()) // want `request URL grows with the length of m \(q.Add in a loop over it\)`
}
