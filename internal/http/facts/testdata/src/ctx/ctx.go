// want package:"relevant" package:"keepsconfig"

// Package ctx exports summaries of functions returning contexts and
// requests.
package ctx

import (
	"context"
	"net/http"
	"time"
)

func WithDeadline(parent context.Context) (context.Context, context.CancelFunc) { // want WithDeadline:`0:deadline=has`
	return context.WithTimeout(parent, time.Second)
}

func Background() context.Context { // want Background:`0:deadline=none`
	return context.Background()
}

func Derived(parent context.Context) context.Context { // want Derived:`0:deadline=param0`
	return context.WithValue(parent, key{}, 1)
}

type key struct{}

func NewRequest(ctx context.Context, u string) (*http.Request, error) { // want NewRequest:`0:deadline=param0`
	return http.NewRequestWithContext(ctx, "GET", u, nil)
}

func PlainRequest(u string) (*http.Request, error) { // want PlainRequest:`0:deadline=none`
	return http.NewRequest("GET", u, nil)
}

type Client struct{}

func (Client) Request(ctx context.Context, u string) *http.Request { // want Request:`0:deadline=param1`
	r, _ := http.NewRequestWithContext(ctx, "GET", u, nil)
	return r
}

func Send(ctx context.Context, c *http.Client, u string) (*http.Response, error) { // want Send:`sends\(client=param1,deadline=param0\) readonly\(1\)`
	req, err := http.NewRequestWithContext(ctx, "GET", u, nil)
	if err != nil {
		return nil, err
	}
	return c.Do(req)
}

func Get(u string) (*http.Response, error) { // reported here by acquiretimeout; no summary
	return Send(context.Background(), http.DefaultClient, u)
}

func GetCtx(ctx context.Context, u string) (*http.Response, error) { // want GetCtx:`sends\(client=timeout=0s,deadline=param0\)`
	return Send(ctx, http.DefaultClient, u)
}
