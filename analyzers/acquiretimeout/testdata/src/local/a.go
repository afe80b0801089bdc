// Package local holds the basic cases: sends in the function that builds the
// client and the request.
package local

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"time"
)

func helpers(u string) {
	http.Get(u)                                       // want `http\.Get uses http\.DefaultClient, which has no Timeout \(7 requests in this package\); use a Client with Timeout or a request with a deadline`
	http.Head(u)                                      // related `request without a deadline sent here`
	http.Post(u, "text/plain", strings.NewReader("")) // related `request without a deadline sent here`
	http.PostForm(u, url.Values{})                    // related `request without a deadline sent here`
}

func defaultClientDo(u string) {
	req, _ := http.NewRequest("GET", u, nil)
	http.DefaultClient.Do(req) // related `request without a deadline sent here`
}

func literal(u string) {
	c := &http.Client{} // want `http\.Client has no Timeout and its requests no deadline; set Client\.Timeout`
	req, _ := http.NewRequest("GET", u, nil)
	c.Do(req) // related `request without a deadline sent here`
}

func zeroVar(u string) {
	var c http.Client // want `http\.Client has no Timeout and its requests no deadline; set Client\.Timeout`
	c.Get(u)          // related `request without a deadline sent here`
}

func newClient(u string) {
	c := new(http.Client) // want `http\.Client has no Timeout and its requests no deadline; set Client\.Timeout`
	c.Get(u)              // related `request without a deadline sent here`
}

func explicitZero(u string) {
	c := &http.Client{Timeout: 0} // want `http\.Client has no Timeout and its requests no deadline; set Client\.Timeout`
	c.Get(u)                      // related `request without a deadline sent here`
}

func backgroundCtx(u string) {
	c := &http.Client{} // want `http\.Client has no Timeout and its requests no deadline; set Client\.Timeout`
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ctx = context.WithValue(ctx, "k", "v")
	req, _ := http.NewRequestWithContext(ctx, "GET", u, nil)
	c.Do(req) // related `request without a deadline sent here`
}

func withoutCancel(u string) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(context.WithoutCancel(ctx), "GET", u, nil)
	http.DefaultClient.Do(req) // related `request without a deadline sent here`
}

func requestLiteral(u *url.URL) {
	req := &http.Request{Method: "GET", URL: u}
	http.DefaultClient.Do(req) // related `request without a deadline sent here`
}

// Negative cases.

func laterTimeout(u string) {
	c := &http.Client{}
	c.Timeout = 10 * time.Second
	req, _ := http.NewRequest("GET", u, nil)
	c.Do(req)
}

type config struct{ Timeout time.Duration }

func nonConstantTimeout(cfg config, u string) {
	c := &http.Client{Timeout: cfg.Timeout}
	c.Get(u)
}

func ctxWithTimeout(u string) {
	c := &http.Client{}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", u, nil)
	c.Do(req)
}

func ctxWithDeadlineDerived(u string) {
	ctx, cancel := context.WithDeadline(context.Background(), time.Now().Add(time.Second))
	defer cancel()
	ctx, cancel2 := context.WithCancel(ctx)
	defer cancel2()
	req, _ := http.NewRequest("GET", u, nil)
	req = req.WithContext(ctx)
	http.DefaultClient.Do(req)
}

func ctxCause(u string) {
	ctx, cancel := context.WithTimeoutCause(context.Background(), time.Second, nil)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", u, nil)
	http.DefaultClient.Do(req)
}

func ctxParam(ctx context.Context, u string) {
	req, _ := http.NewRequestWithContext(ctx, "GET", u, nil)
	http.DefaultClient.Do(req)
}

func clientParam(c *http.Client, u string) {
	c.Get(u)
}

type doer interface {
	Do(*http.Request) (*http.Response, error)
}

func throughInterface(d doer, u string) {
	req, _ := http.NewRequest("GET", u, nil)
	d.Do(req)
}

func interfaceHoldsZeroClient(u string) {
	var d doer = &http.Client{} // want `http.Client has no Timeout and its requests no deadline; set Client.Timeout`
	req, _ := http.NewRequest("GET", u, nil)
	d.Do(req) // the interface holds the client the function put in it
}

func requestParam(req *http.Request) {
	http.DefaultClient.Do(req)
}

func configuredByHelper(u string) {
	c := &http.Client{}
	configure(c)
	c.Get(u)
}

func configure(c *http.Client) { c.Timeout = time.Minute }

func configuredElsewhere(u string, data []byte) {
	c := &http.Client{}
	json.Unmarshal(data, c) // may set Timeout: unknown
	c.Get(u)
}

func passedToNoop(u string) {
	c := &http.Client{} // want `http\.Client has no Timeout and its requests no deadline; set Client\.Timeout`
	noop(c)             // a function of this package that does not touch the client
	c.Get(u)            // related `request without a deadline sent here`
}

func noop(c interface{}) {}

func eitherPath(fast bool, u string) {
	ctx := context.Background()
	if fast {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, time.Second)
		defer cancel()
	}
	req, _ := http.NewRequestWithContext(ctx, "GET", u, nil)
	http.DefaultClient.Do(req) // deadline on one path only: unknown
}

// A server on this machine (one the program starts, a local admin
// endpoint): not reported.
func loopback(port string) {
	http.Get("http://127.0.0.1:8080/health")
	req, _ := http.NewRequest("GET", "http://localhost:"+port+"/ready", nil)
	new(http.Client).Do(req)
}
