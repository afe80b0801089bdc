// Package generics holds generic code.
package generics

import (
	"context"
	"net/http"
	"time"
)

type Getter interface {
	Get(string) (*http.Response, error)
}

func Fetch[C Getter](c C, u string) { c.Get(u) }

func Use(u string) {
	Fetch(&http.Client{}, u) // the client is a type parameter inside Fetch: not followed
}

type Pool[T any] struct {
	client *http.Client
	items  []T
}

func NewPool[T any]() *Pool[T] { return &Pool[T]{client: &http.Client{}} } // want `http\.Client has no Timeout and its requests no deadline; set Client\.Timeout`

func (p *Pool[T]) Send(u string) {
	p.client.Get(u) // related `request without a deadline sent here`
}

func Do[T any](u string, v T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", u, nil)
	http.DefaultClient.Do(req)
}

func DoNoDeadline[T any](u string, v T) {
	req, _ := http.NewRequest("GET", u, nil)
	http.DefaultClient.Do(req) // want `http.DefaultClient has no Timeout and this request no deadline; set Client.Timeout or pass a context with a deadline`
}
