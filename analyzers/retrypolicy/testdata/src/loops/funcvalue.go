package loops

import (
	"context"
	"net/http"
	"time"
)

// A sender held in a function value (handler := c.Do, wrapped by the
// caller's middlewares), as Stainless-generated SDKs retry
// (anthropic-sdk-go v1.26.0): its call sends the request.
type sendMiddleware func(req *http.Request, next func(*http.Request) (*http.Response, error)) (*http.Response, error)

func wrapHandler(mw sendMiddleware, next func(*http.Request) (*http.Response, error)) func(*http.Request) (*http.Response, error) {
	return func(req *http.Request) (*http.Response, error) { return mw(req, next) }
}

func sendWithHandler(c *http.Client, req *http.Request, mws []sendMiddleware) (*http.Response, error) {
	handler := c.Do
	for i := len(mws) - 1; i >= 0; i-- {
		handler = wrapHandler(mws[i], handler)
	}
	var res *http.Response
	var err error
	for retry := 0; retry <= 2; retry++ {
		res, err = handler(req.Clone(req.Context()))
		if err == nil && res.StatusCode < 500 {
			break
		}
		if res != nil {
			res.Body.Close()
		}
		time.Sleep(5 * time.Second) // want `time.Sleep in this retry loop ignores the request's context; select on req.Context\(\).Done\(\) and a timer`
	}
	return res, err
}

// Not reported: the wait honours the context.
func sendWithHandlerCtx(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	handler := c.Do
	var res *http.Response
	var err error
	for retry := 0; retry <= 2; retry++ {
		res, err = handler(req.Clone(ctx))
		if err == nil && res.StatusCode < 500 {
			break
		}
		if res != nil {
			res.Body.Close()
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return res, err
}

// Not reported: a function value that returns no response is no sender.
func pollCheck(ctx context.Context, check func(*http.Request) error, req *http.Request) {
	for retry := 0; retry <= 2; retry++ {
		if check(req) == nil {
			return
		}
		time.Sleep(time.Second)
	}
}
