package loops

import (
	"context"
	"net/http"
	"time"
)

// Sleep hooks: a function-typed field that the package sets to
// time.Sleep only (httpexpect's Request.sleepFn, kept so that tests can
// replace it) sleeps on its default path.

type Requester struct {
	client  *http.Client
	ctx     context.Context
	sleepFn func(time.Duration)
	// Wait is exported: any package may set it.
	Wait func(time.Duration)
}

func NewRequester(c *http.Client, ctx context.Context) *Requester {
	return &Requester{client: c, ctx: ctx, sleepFn: time.Sleep, Wait: time.Sleep}
}

func (r *Requester) Send(req *http.Request) (*http.Response, error) {
	for i := 0; i < 5; i++ {
		resp, err := r.client.Do(req.WithContext(r.ctx))
		if err == nil {
			return resp, nil
		}
		r.sleepFn(5 * time.Second) // want `a time.Sleep hook in this retry loop ignores the request.s context; select on req.Context\(\).Done\(\) and a timer`
	}
	return nil, context.DeadlineExceeded
}

// SendWait waits through the exported hook, which a caller may have set
// to a wait that honours the context.
func (r *Requester) SendWait(req *http.Request) (*http.Response, error) {
	for i := 0; i < 5; i++ {
		resp, err := r.client.Do(req.WithContext(r.ctx))
		if err == nil {
			return resp, nil
		}
		r.Wait(time.Second)
	}
	return nil, context.DeadlineExceeded
}

// hooked sets its hook to a context-aware wait as well as to time.Sleep:
// which one runs is decided at run time.
type hooked struct {
	client *http.Client
	wait   func(time.Duration)
}

func newHooked(c *http.Client, ctx context.Context, aware bool) *hooked {
	h := &hooked{client: c, wait: time.Sleep}
	if aware {
		h.wait = func(d time.Duration) {
			select {
			case <-ctx.Done():
			case <-time.After(d):
			}
		}
	}
	return h
}

func (h *hooked) send(ctx context.Context, req *http.Request) (*http.Response, error) {
	for i := 0; i < 5; i++ {
		resp, err := h.client.Do(req.WithContext(ctx))
		if err == nil {
			return resp, nil
		}
		h.wait(time.Second)
	}
	return nil, context.DeadlineExceeded
}

var _ = newHooked

// A context kept in the configuration of the request the loop sends
// (httpexpect's r.config.Context before v2.9.0): the loop reads it to
// bound each attempt, so a caller cancels it expecting the retries to
// stop, and the sleep between attempts does not watch it.
type expectConfig struct {
	Client  *http.Client
	Context context.Context
}

type expectRequest struct {
	config  expectConfig
	httpReq *http.Request
	sleepFn func(time.Duration)
}

func newExpectRequest(config expectConfig, req *http.Request) *expectRequest {
	return &expectRequest{config: config, httpReq: req, sleepFn: time.Sleep}
}

func (r *expectRequest) Expect() (*http.Response, error) {
	return r.retryRequest(func() (*http.Response, error) {
		return r.config.Client.Do(r.httpReq)
	})
}

func (r *expectRequest) retryRequest(reqFunc func() (*http.Response, error)) (*http.Response, error) {
	for i := 0; ; i++ {
		if r.config.Context != nil {
			r.httpReq = r.httpReq.WithContext(r.config.Context)
		}
		resp, err := reqFunc()
		if err == nil || i == 3 {
			return resp, err
		}
		r.sleepFn(5 * time.Second) // want `a time.Sleep hook in this retry loop ignores r.config.Context; select on r.config.Context.Done\(\) and a timer`
	}
}

// plainRequest keeps no context: there is nothing for its wait to honour.
type plainRequest struct {
	client  *http.Client
	url     string
	sleepFn func(time.Duration)
}

func newPlainRequest(c *http.Client, url string) *plainRequest {
	return &plainRequest{client: c, url: url, sleepFn: time.Sleep}
}

func (r *plainRequest) retryRequest() (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, r.url, nil)
	if err != nil {
		return nil, err
	}
	for i := 0; ; i++ {
		resp, err := r.client.Do(req)
		if err == nil || i == 3 {
			return resp, err
		}
		r.sleepFn(time.Second)
	}
}
