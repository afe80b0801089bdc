// Package unusual holds unusual code the analyzer must survive. Findings
// here are incidental; the test is that nothing panics.
package unusual

import (
	"fmt"
	"iter"
	"net/http"
	"net/url"
	"strings"
	"sync"
)

type Coll[T any] struct{ items []T }

func (c *Coll[T]) All() iter.Seq[T] {
	return func(yield func(T) bool) {
		for _, x := range c.items {
			if !yield(x) {
				return
			}
		}
	}
}

func Generic[S ~[]E, E fmt.Stringer](base string, xs S) {
	q := url.Values{}
	for _, x := range xs {
		q.Add("x", x.String())
	}
	http.Get(base + "?" + q.Encode()) // want `request URL grows with len\(xs\) \(q.Add in a loop\); send xs in batches or in a request body`
}

func CustomIter(base string, c *Coll[string]) {
	q := url.Values{}
	for x := range c.All() {
		q.Add("x", x)
	}
	http.Get(base + "?" + q.Encode())
}

func Goto(base string, ids []string) {
	s := ""
	i := 0
loop:
	if i < len(ids) {
		s += ids[i]
		i++
		goto loop
	}
	http.Get(base + s) // want `request URL grows with len\(ids\) \(string concatenation in a loop\); send ids in batches or in a request body`
}

func recurse(base string, ids []string, depth int) {
	if depth > 0 {
		recurse(base, ids, depth-1)
		return
	}
	http.Get(base + strings.Join(ids, ","))
}

func Recursive(base string) {
	recurse(base, []string{"a"}, 3)
}

func mutual1(ids []string) string { return mutual2(ids) + strings.Join(ids, ",") }
func mutual2(ids []string) string { return mutual1(ids[1:]) }

func Mutual(base string) {
	http.Get(base + mutual1([]string{"a"}))
}

type T struct{ ids []string }

func (t *T) get(base string) { http.Get(base + strings.Join(t.ids, ",")) }

func MethodValue(base string, t *T) {
	f := t.get
	f(base)
	var wg sync.WaitGroup
	for _, id := range t.ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			http.Get(base + id)
		}()
	}
	wg.Wait()
}

func Select(base string, ch chan string, done chan struct{}) {
	q := url.Values{}
	for {
		select {
		case id := <-ch:
			q.Add("id", id)
		case <-done:
			http.Get(base + "?" + q.Encode())
			return
		}
	}
}

func Labeled(base string, rows [][]string) {
	var b strings.Builder
outer:
	for _, r := range rows {
		for _, c := range r {
			if c == "" {
				continue outer
			}
			b.WriteString(c)
		}
	}
	http.Get(base + b.String()) // want `request URL grows with len\(rows\) \(b.WriteString in a loop\); send rows in batches or in a request body`
}

func Nested(base string, ids []string) {
	q := url.Values{}
	f := func() func(string) {
		return func(id string) { q.Add("id", id) }
	}
	g := f()
	for _, id := range ids {
		g(id)
	}
	http.Get(base + "?" + q.Encode())
}

func Interfaces(base string, v any, vs []any) {
	http.Get(base + fmt.Sprint(v))
	http.Get(base + fmt.Sprint(vs...)) // want `request URL grows with len\(vs\) \(fmt.Sprint\); send vs in batches or in a request body`
	http.Get(fmt.Sprintf(base, vs...)) // want `request URL grows with len\(vs\) \(fmt.Sprintf\); send vs in batches or in a request body`
	var u *url.URL
	if v != nil {
		u = v.(*url.URL)
	}
	http.DefaultClient.Do(&http.Request{URL: u})
}

func Arrays(base string, arr *[4]string, m map[[2]int][]string) {
	for _, x := range arr {
		http.Get(base + x)
	}
	for k, v := range m {
		http.Get(fmt.Sprint(base, k, v))
	}
	var a [3]string
	a[0] = base
	http.Get(strings.Join(a[:], "/"))
}

func Shadow(base string, ids []string) {
	ids2 := ids
	ids = nil
	http.Get(base + strings.Join(ids, ","))
	http.Get(base + strings.Join(ids2, ",")) // want `request URL grows with len\(ids\) \(strings.Join\); send ids in batches or in a request body`
}

func Deferred(base string, ids []string) {
	q := url.Values{}
	defer http.Get(base + "?" + q.Encode())
	for _, id := range ids {
		q.Add("id", id)
	}
}

var global url.Values

func Global(base string, ids []string) {
	for _, id := range ids {
		global.Add("id", id)
	}
	http.Get(base + "?" + global.Encode())
}

func Unsafe(base string, b []byte) {
	http.Get(base + string(b))
	http.Get(base + string(rune(len(b))))
	http.Get(base + strings.Repeat("x", len(b)))
}

func ping(base string, q url.Values, n int) {
	if n > 0 {
		pong(base, q, n-1)
		return
	}
	http.Get(base + "?" + q.Encode()) // want `request URL grows with len\(ids\) \(q.Add in a loop\); send ids in batches or in a request body`
}

func pong(base string, q url.Values, n int) {
	q.Add("n", "1")
	ping(base, q, n)
}

func PingPong(base string, ids []string) {
	q := url.Values{}
	for _, id := range ids {
		q.Add("id", id)
	}
	ping(base, q, 3)
}

func buildA(q url.Values, ids []string) url.Values {
	if len(ids) == 0 {
		return q
	}
	q.Add("id", ids[0])
	return buildB(q, ids[1:])
}

func buildB(q url.Values, ids []string) url.Values { return buildA(q, ids) }

func Recursive2(base string, ids []string) {
	http.Get(base + "?" + buildA(url.Values{}, ids).Encode())
}
