// Package requestbody holds retry loops that re-send a request whose
// body was given where the loop cannot see it: on one branch of several,
// by the callers of the function that retries, or by another method of
// the object that keeps the request.
package requestbody

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"requestbody/sdkbuilder"
)

// Some paths build the request with a body (go-mastodon's doAPI).

func branches(ctx context.Context, c *http.Client, method, u string, values url.Values) error {
	var req *http.Request
	var err error
	if method == http.MethodGet {
		req, err = http.NewRequest(method, u+"?"+values.Encode(), nil)
	} else {
		req, err = http.NewRequest(method, u, strings.NewReader(values.Encode()))
	}
	if err != nil {
		return err
	}
	req = req.WithContext(ctx)
	for {
		resp, err := c.Do(req) // want `the retry re-sends a request whose \*strings.Reader body was consumed; rebuild it or set req.Body from req.GetBody`
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusTooManyRequests {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(time.Second):
			}
			continue
		}
		return nil
	}
}

// The request is a parameter; a caller two levels up gives it a body
// (tencentcloud-sdk-go's sendWithNetworkFailureRetry).

type api struct{ hc *http.Client }

func (a *api) sendHTTP(req *http.Request) (*http.Response, error) { return a.hc.Do(req) }

func (a *api) withNetworkRetry(req *http.Request) (resp *http.Response, err error) {
	for i := 0; i < 3; i++ {
		resp, err = a.sendHTTP(req) // want `the retry re-sends a request whose \*strings.Reader body was consumed; rebuild it or set req.Body from req.GetBody`
		if err == nil {
			return resp, nil
		}
		time.Sleep(5 * time.Second) // want `time.Sleep in this retry loop ignores the request's context; select on req.Context\(\).Done\(\) and a timer`
	}
	return nil, err
}

func (a *api) withRateLimit(req *http.Request) (*http.Response, error) {
	return a.withNetworkRetry(req)
}

func (a *api) call(u, payload string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodPut, u, strings.NewReader(payload))
	if err != nil {
		return nil, err
	}
	return a.withRateLimit(req)
}

// The request lives in a field; another method gives it a body (beego's
// BeegoHTTPRequest.sendRequest).

type builder struct {
	req     *http.Request
	retries int
}

func newBuilder(u string) *builder {
	req, _ := http.NewRequest(http.MethodPut, u, nil)
	return &builder{req: req, retries: 3}
}

func (b *builder) body(data []byte) *builder {
	b.req.Body = io.NopCloser(bytes.NewReader(data))
	return b
}

func (b *builder) send(c *http.Client) (resp *http.Response, err error) {
	for i := 0; i <= b.retries; i++ {
		resp, err = c.Do(b.req) // want `the retry re-sends a request whose io.ReadCloser body was consumed and cannot be rewound; rebuild both in the loop`
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

// Negative cases.

// Every caller passes a request without a body.
func (a *api) getWithRetry(req *http.Request) (resp *http.Response, err error) {
	for i := 0; i < 3; i++ {
		resp, err = a.sendHTTP(req)
		if err == nil {
			return resp, nil
		}
		time.Sleep(5 * time.Second) // want `time.Sleep in this retry loop ignores the request's context; select on req.Context\(\).Done\(\) and a timer`
	}
	return nil, err
}

func (a *api) get(u string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	return a.getWithRetry(req)
}

// The loop gives the request a fresh body before each attempt.
func (a *api) rewinds(req *http.Request) (resp *http.Response, err error) {
	for i := 0; i < 3; i++ {
		if req.GetBody != nil {
			req.Body, _ = req.GetBody()
		}
		resp, err = a.sendHTTP(req)
		if err == nil {
			return resp, nil
		}
		time.Sleep(5 * time.Second) // want `time.Sleep in this retry loop ignores the request's context; select on req.Context\(\).Done\(\) and a timer`
	}
	return nil, err
}

func (a *api) put(u, payload string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodPut, u, strings.NewReader(payload))
	if err != nil {
		return nil, err
	}
	return a.rewinds(req)
}

// The loop hands the object that keeps the request to a method, which
// may rebuild it.
type rebuilder struct{ req *http.Request }

func (r *rebuilder) rebuild(data []byte) {
	r.req, _ = http.NewRequest(http.MethodPut, r.req.URL.String(), bytes.NewReader(data))
}

func (r *rebuilder) send(c *http.Client, data []byte) (resp *http.Response, err error) {
	r.rebuild(data)
	for i := 0; i < 3; i++ {
		resp, err = c.Do(r.req)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
		r.rebuild(data)
	}
	return nil, err
}

// A retryer built from the request before the loop rewinds its body
// before each new attempt (tencentcloud-sdk-go's fix).
func newRetryer(r *http.Request) func() error {
	return func() error {
		body, err := r.GetBody()
		if err != nil {
			return err
		}
		r.Body = body
		return nil
	}
}

func (a *api) withRetryer(req *http.Request) (resp *http.Response, err error) {
	retryer := newRetryer(req)
	for i := 0; i < 3; i++ {
		if i > 0 {
			if err := retryer(); err != nil {
				return nil, err
			}
		}
		resp, err = a.sendHTTP(req)
		if err == nil {
			return resp, nil
		}
		time.Sleep(5 * time.Second) // want `time.Sleep in this retry loop ignores the request's context; select on req.Context\(\).Done\(\) and a timer`
	}
	return nil, err
}

func (a *api) putRewound(u, payload string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodPut, u, strings.NewReader(payload))
	if err != nil {
		return nil, err
	}
	return a.withRetryer(req)
}

// A request carried by value in a struct, built into a slice by a
// constructor and handed to a retrying worker (newrelic-telemetry-sdk-go
// v0.3.0's harvestRequest).
type batchRequest struct {
	Request *http.Request
	size    int
}

func newBatchRequests(u string, payloads []string) ([]batchRequest, error) {
	var out []batchRequest
	for _, p := range payloads {
		req, err := http.NewRequest(http.MethodPost, u, strings.NewReader(p))
		if err != nil {
			return nil, err
		}
		out = append(out, batchRequest{Request: req, size: len(p)})
	}
	return out, nil
}

func postBatch(req *http.Request, c *http.Client) error {
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func harvest(req batchRequest, c *http.Client) {
	for attempt := 0; attempt < 3; attempt++ {
		if err := postBatch(req.Request, c); err == nil { // want `this loop re-sends a POST request with no Idempotency-Key header; set one or do not retry it` `the retry re-sends a request whose \*strings.Reader body was consumed; rebuild it or set req.Body from req.GetBody`
			return
		}
		time.Sleep(time.Second)
	}
}

func harvestAll(u string, payloads []string, c *http.Client) {
	reqs, err := newBatchRequests(u, payloads)
	if err != nil {
		return
	}
	for _, r := range reqs {
		go harvest(r, c)
	}
}

// The same worker shape with the request rebuilt by the caller-supplied
// body each time: the struct's request has no body.
type getRequest struct {
	Request *http.Request
}

func harvestGets(req getRequest, c *http.Client) {
	for attempt := 0; attempt < 3; attempt++ {
		if err := postBatch(req.Request, c); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

func pollAll(u string, c *http.Client) {
	req, _ := http.NewRequest(http.MethodGet, u, nil)
	harvestGets(getRequest{Request: req}, c)
}

// The retry decision made by a method of the helper's result, and a
// timer wait on the request's context.
type postResult struct {
	status int
	err    error
}

func (r postResult) needsRetry(attempts int) (bool, time.Duration) {
	if attempts > 5 {
		return false, 0
	}
	if r.err != nil || r.status >= 500 {
		return true, time.Second
	}
	return false, 0
}

func postResultOf(req *http.Request, c *http.Client) postResult {
	resp, err := c.Do(req)
	if err != nil {
		return postResult{err: err}
	}
	defer resp.Body.Close()
	return postResult{status: resp.StatusCode}
}

func harvestTimer(req batchRequest, c *http.Client) {
	var attempts int
	for {
		r := postResultOf(req.Request, c) // want `this loop re-sends a POST request with no Idempotency-Key header; set one or do not retry it` `the retry re-sends a request whose \*strings.Reader body was consumed; rebuild it or set req.Body from req.GetBody`
		if r.err != nil {
			println(r.err.Error())
		}
		retry, backoff := r.needsRetry(attempts)
		if !retry {
			return
		}
		tmr := time.NewTimer(backoff)
		select {
		case <-tmr.C:
		case <-req.Request.Context().Done():
			tmr.Stop()
			return
		}
		attempts++
	}
}

func harvestTimerAll(u string, payloads []string, c *http.Client) {
	reqs, err := newBatchRequests(u, payloads)
	if err != nil {
		return
	}
	for _, r := range reqs {
		harvestTimer(r, c)
	}
}

// A request built by another package and kept in an exported field of
// the receiver by another method, then sent again by a counter loop
// (qingstor-sdk-go v3.0.2's Request.send).
type SDKRequest struct {
	Input       *sdkbuilder.Input
	HTTPRequest *http.Request
	Client      *http.Client
	Retries     int
}

func (r *SDKRequest) build() error {
	b := &sdkbuilder.Builder{}
	req, err := b.BuildHTTPRequest(r.Input)
	if err != nil {
		return err
	}
	r.HTTPRequest = req
	return nil
}

func (r *SDKRequest) send() (*http.Response, error) {
	var resp *http.Response
	var err error
	retries := r.Retries + 1
	for {
		if retries > 0 {
			resp, err = r.Client.Do(r.HTTPRequest) // want `the retry re-sends a request whose io.Reader body was consumed and cannot be rewound; rebuild both in the loop`
			if err == nil {
				retries = 0
			} else {
				retries--
				time.Sleep(time.Second)
			}
		} else {
			break
		}
	}
	return resp, err
}

// Send builds and sends the request.
func (r *SDKRequest) Send() (*http.Response, error) {
	if err := r.build(); err != nil {
		return nil, err
	}
	return r.send()
}

// The same loop over a request the other package builds without a body.
type QueryRequest struct {
	HTTPRequest *http.Request
	Client      *http.Client
}

func (r *QueryRequest) build(u string) (err error) {
	r.HTTPRequest, err = sdkbuilder.BuildQuery(u)
	return err
}

func (r *QueryRequest) send() (resp *http.Response, err error) {
	for attempt := 0; attempt < 3; attempt++ {
		resp, err = r.Client.Do(r.HTTPRequest)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

// Send builds and sends the query.
func (r *QueryRequest) Send(u string) (*http.Response, error) {
	if err := r.build(u); err != nil {
		return nil, err
	}
	return r.send()
}

// The body is read once and put back before each attempt by a helper;
// a deferred closure captures the request (cloudevents sdk-go v2.10.1's
// doWithRetry).
func resetBody(req *http.Request, body []byte) {
	if req == nil || req.Body == nil {
		return
	}
	req.Body = io.NopCloser(bytes.NewReader(body))
}

type result struct{ status int }

func (a *api) doOnce(req *http.Request) (*result, error) {
	resp, err := a.hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return &result{status: resp.StatusCode}, nil
}

func (a *api) doWithRetry(req *http.Request) (*result, error) {
	var body []byte
	var err error
	if req != nil && req.Body != nil {
		defer func() {
			if err = req.Body.Close(); err != nil {
				println(err.Error())
			}
		}()
		body, err = io.ReadAll(req.Body)
		if err != nil {
			panic(err)
		}
		resetBody(req, body)
	}
	retry := 0
	for {
		res, err := a.doOnce(req)
		if err == nil && res.status < 500 {
			return res, nil
		}
		if retry == 3 {
			return nil, err
		}
		resetBody(req, body)
		time.Sleep(5 * time.Second) // want `time.Sleep in this retry loop ignores the request's context; select on req.Context\(\).Done\(\) and a timer`
		retry++
	}
}

func (a *api) makeRequest(u *url.URL) *http.Request {
	return &http.Request{Method: http.MethodPost, URL: u, Header: http.Header{}}
}

func (a *api) publish(u *url.URL, data []byte) (*result, error) {
	req := a.makeRequest(u)
	req.Body = io.NopCloser(bytes.NewReader(data))
	return a.doWithRetry(req)
}

// The same loop without the reset (cloudevents sdk-go v2.10.0, where the
// body was written through a binding instead of this store).
func (a *api) doWithRetryNoReset(req *http.Request) (*result, error) {
	for retry := 0; ; retry++ {
		res, err := a.doOnce(req) // want `the retry re-sends a request whose io.ReadCloser body was consumed and cannot be rewound; rebuild both in the loop`
		if err == nil && res.status < 500 {
			return res, nil
		}
		if retry == 3 {
			return nil, err
		}
		time.Sleep(5 * time.Second) // want `time.Sleep in this retry loop ignores the request's context; select on req.Context\(\).Done\(\) and a timer`
	}
}

func (a *api) publishNoReset(u *url.URL, data []byte) (*result, error) {
	req := a.makeRequest(u)
	req.Body = io.NopCloser(bytes.NewReader(data))
	return a.doWithRetryNoReset(req)
}
