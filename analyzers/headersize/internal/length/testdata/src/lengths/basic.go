package lengths

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

var _ = http.MethodGet

func bytesOf(s string) {}
func countOf(x any)    {}
func urlOf(u *url.URL) {}
func elemOf(x any)     {}

const host = "https://example.com"

func Constants() {
	bytesOf("abc")                         // want `bytesOf: 3`
	bytesOf(host + "/x")                   // want `bytesOf: 21`
	bytesOf(strings.Repeat("a", 100))      // want `bytesOf: 100`
	bytesOf(strconv.Itoa(42))              // want `bytesOf: 2`
	bytesOf(fmt.Sprintf("%s/%d", host, 7)) // want `bytesOf: 21`
}

func Param(s string, n int) {
	bytesOf(s)                  // want `bytesOf: unknown`
	bytesOf(s + "?a=b")         // want `bytesOf: 4..`
	bytesOf(strconv.Itoa(n))    // want `bytesOf: 1..20`
	bytesOf(fmt.Sprint(n, "x")) // want `bytesOf: 2..22`
}

// Incident 000's shape.
func Incident(base string, ids []string) {
	q := url.Values{}
	for _, id := range ids {
		q.Add("fenceNos", id)
	}
	bytesOf(base + "?" + q.Encode()) // want `bytesOf: grows\(ids: q.Add in a loop over it\) @38`
}

func Join(ids []string) {
	bytesOf(strings.Join(ids, ","))                 // want `bytesOf: grows\(ids: strings.Join of it\) @45`
	bytesOf(fmt.Sprintf("ids=%v", ids))             // want `bytesOf: grows\(ids: fmt.Sprintf of it\) @46`
	bytesOf(strings.Join([]string{"a", "bc"}, ",")) // want `bytesOf: 4..6`
}

func Arrays(arr [3]string, nums [4]int) {
	q := url.Values{}
	for _, n := range nums {
		q.Add("n", strconv.Itoa(n))
	}
	bytesOf(q.Encode()) // want `bytesOf: 16..92`
	s := ""
	for _, a := range arr {
		s += a
	}
	bytesOf(s) // want `bytesOf: unknown`
}

func Chunked(ids []int) {
	for i := 0; i < len(ids); i += 100 {
		batch := ids[i:min(i+100, len(ids))]
		countOf(batch) // want `countOf: 0..100`
		q := url.Values{}
		for _, id := range batch {
			q.Add("id", strconv.Itoa(id))
		}
		bytesOf(q.Encode()) // want `bytesOf: 0..2400 batch\(ids<=100\)`
	}
}

func ChunkedEnd(ids []string) {
	for i := 0; i < len(ids); i += 50 {
		end := i + 50
		if end > len(ids) {
			end = len(ids)
		}
		countOf(ids[i:end])   // want `countOf: 0..50`
		countOf(ids[i : i+7]) // want `countOf: 7`
	}
}

func Guarded(ids []int) error {
	if len(ids) > 100 {
		return fmt.Errorf("too many ids")
	}
	countOf(ids) // want `countOf: 0..100`
	q := url.Values{}
	for _, id := range ids {
		q.Add("id", strconv.Itoa(id))
	}
	bytesOf(q.Encode()) // want `bytesOf: 0..2400 batch\(ids<=100\)`
	return nil
}

func GuardedUnknown(ids []string, max int) {
	if len(ids) > max {
		return
	}
	countOf(ids) // want `countOf: unknown`
}

func Unguarded(ids []string) {
	countOf(ids) // want `countOf: grows\(ids\)`
}

func Builder(ids []string) {
	var b strings.Builder
	b.WriteString("ids=")
	for i, id := range ids {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(id)
	}
	bytesOf(b.String()) // want `bytesOf: grows\(ids: b.WriteByte in a loop over it\) @113`
}

func Concat(ids []string) {
	s := "ids="
	for _, id := range ids {
		s += id + ","
	}
	bytesOf(s) // want `bytesOf: grows\(ids: string concatenation in a loop over it\) @124`
}

func Appended(rows []struct{ ID string }) {
	var ids []string
	for _, r := range rows {
		ids = append(ids, r.ID)
	}
	countOf(ids)                    // want `countOf: grows\(rows: append in a loop over it\) @132`
	bytesOf(strings.Join(ids, ",")) // want `bytesOf: grows\(rows: append in a loop over it\) @132`
}

func MapRange(set map[string]bool, params map[string]string) {
	q := url.Values{}
	for k := range set {
		q.Add("id", k)
	}
	bytesOf(q.Encode()) // want `bytesOf: grows\(set: q.Add in a loop over it\) @141`
	p := url.Values{}
	for k, v := range params {
		p.Set(k, v)
	}
	bytesOf(p.Encode()) // want `bytesOf: unknown`
}

func Channel(ch chan string) {
	q := url.Values{}
	for id := range ch {
		q.Add("id", id)
	}
	bytesOf(q.Encode()) // want `bytesOf: grows\(ch: q.Add in a loop over it\) @154`
}

func SetSameKey(ids []string) {
	q := url.Values{}
	for _, id := range ids {
		q.Set("last", id)
	}
	bytesOf(q.Encode()) // want `bytesOf: 6..`
}

func ValuesLiteral(ids []string) {
	q := url.Values{"id": ids}
	bytesOf(q.Encode()) // want `bytesOf: grows\(ids: the url.Values literal with it\)`
}

func URLs(ids []string) {
	c := &url.URL{Scheme: "https", Host: "example.com", Path: "/v1/x"}
	urlOf(c) // want `urlOf: 24`
	u := &url.URL{Scheme: "https", Host: "example.com", Path: "/v1/x"}
	q := u.Query()
	for _, id := range ids {
		q.Add("id", id)
	}
	u.RawQuery = q.Encode()
	urlOf(u) // want `urlOf: grows\(ids: q.Add in a loop over it\) @178`
	p, _ := url.Parse(host + "/a")
	urlOf(p) // want `urlOf: 21`
}
