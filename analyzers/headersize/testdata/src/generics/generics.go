// Package generics builds queries in generic code.
package generics

import (
	"fmt"
	"net/http"
	"net/url"
)

type ID interface{ ~int | ~string }

func Query[T ID](base string, ids []T) {
	q := url.Values{}
	for _, id := range ids {
		q.Add("id", fmt.Sprint(id))
	}
	http.Get(base + "?" + q.Encode()) // want `request URL grows with len\(ids\) \(q.Add in a loop\); send ids in batches or in a request body`
}

type List[T any] struct{ items []T }

func (l *List[T]) Get(base string) {
	http.Get(fmt.Sprintf("%s?items=%v", base, l.items))
}

func Use() {
	Query[int]("https://example.com", []int{1, 2})
	(&List[string]{}).Get("https://example.com")
}
