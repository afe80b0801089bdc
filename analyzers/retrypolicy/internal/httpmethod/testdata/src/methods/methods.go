package methods

import (
	"context"
	"net/http"
	"net/url"
)

const post = "POST"

var patch = http.MethodPatch

func newReq(ctx context.Context, u string) (*http.Request, error) {
	return http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
}

func cases(ctx context.Context, c *http.Client, u string, m string, pu *url.URL) {
	r1, _ := http.NewRequest(post, u, nil)
	c.Do(r1) // want `method POST`
	r2, _ := http.NewRequest(patch, u, nil)
	c.Do(r2) // want `method PATCH`
	r3, _ := http.NewRequest("", u, nil)
	c.Do(r3) // want `method GET`
	r4, _ := http.NewRequest(m, u, nil)
	c.Do(r4)                                    // want `method unknown`
	c.Do(&http.Request{Method: "PUT", URL: pu}) // want `method PUT`
	c.Do(&http.Request{URL: pu})                // want `method GET`
	r5, _ := newReq(ctx, u)
	c.Do(r5.WithContext(ctx)) // want `method POST`
	r6, _ := http.NewRequest(http.MethodGet, u, nil)
	r6.Method = http.MethodDelete
	c.Do(r6) // want `method DELETE`
	r7 := r1
	if m != "" {
		r7 = r2
	}
	c.Do(r7) // want `method unknown`
	for i := 0; i < 2; i++ {
		r1 = r1.WithContext(ctx)
		c.Do(r1) // want `method POST`
	}
}
