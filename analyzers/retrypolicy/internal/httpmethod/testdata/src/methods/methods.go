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

// Methods through parameters: the callers of the package decide.
func doMethod(c *http.Client, method string) {
	req, _ := http.NewRequest(method, "http://x", nil)
	c.Do(req) // want `method GET`
}

func callsGet(c *http.Client)  { doMethod(c, http.MethodGet) }
func callsGet2(c *http.Client) { doMethod(c, "GET") }

func mixed(c *http.Client, method string) {
	req, _ := http.NewRequest(method, "http://x", nil)
	c.Do(req) // want `method POST from line 60`
}

func mixedGet(c *http.Client) { mixed(c, http.MethodGet) }
func mixedPost(c *http.Client) {
	mixed(c, http.MethodPost)
}

func outer(c *http.Client, m string) { inner(c, m) }

func inner(c *http.Client, m string) {
	req, _ := http.NewRequest(m, "http://x", nil)
	c.Do(req) // want `method PATCH from line 71`
}

func callsOuter(c *http.Client) {
	outer(c, http.MethodPatch)
}

func forwarded(c *http.Client, r *http.Request) {
	req, _ := http.NewRequest(r.Method, "http://x", nil)
	c.Do(req) // want `method unknown`
}

func viaParamUnknown(c *http.Client, method string) {
	req, _ := http.NewRequest(method, "http://x", nil)
	c.Do(req) // want `method unknown`
}

func callsUnknown(c *http.Client, r *http.Request) { viaParamUnknown(c, r.Method) }

func uncalled(c *http.Client, method string) {
	req, _ := http.NewRequest(method, "http://x", nil)
	c.Do(req) // want `method unknown`
}
