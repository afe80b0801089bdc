package growth

import (
	"net/http"
	"net/url"
	"strings"
)

// buildQuery is unexported: its parameter is resolved at its call sites.
func buildQuery(ids []string) string {
	q := url.Values{}
	for _, id := range ids {
		q.Add("id", id)
	}
	return q.Encode()
}

func ViaHelper(base string, ids []string) {
	http.Get(base + "?" + buildQuery(ids)) // want `request URL grows with len\(ids\) \(q.Add in a loop\); send ids in batches or in a request body`
}

func addAll(q url.Values, ids []string) {
	for _, id := range ids {
		q.Add("id", id)
	}
}

func PassedValues(base string, ids []string) {
	q := url.Values{}
	addAll(q, ids)
	http.Get(base + "?" + q.Encode()) // want `request URL grows with len\(ids\) \(q.Add in a loop\); send ids in batches or in a request body`
}

// send builds the request for its callers; the one caller passes an
// unbounded list.
func send(base string, ids []string) {
	http.Get(base + "?ids=" + strings.Join(ids, ",")) // want `request URL grows with len\(ids\) \(strings.Join\); send ids in batches or in a request body`
}

func Caller(base string, ids []string) {
	send(base, ids)
}

func Closure(base string, ids []string) {
	q := url.Values{}
	add := func(id string) { q.Add("id", id) }
	for _, id := range ids {
		add(id)
	}
	http.Get(base + "?" + q.Encode()) // want `request URL grows with len\(ids\) \(q.Add in a loop\); send ids in batches or in a request body`
}
