package requestbody

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"
)

// Result is an error under another name (cloudevents' protocol.Result):
// a helper that returns one reports its attempt's outcome as any error.
type Result error

var errNACK = errors.New("nack")

type protocol struct{ client *http.Client }

// message is what the protocol hands back, not the *http.Response.
type message struct{ status int }

func (p *protocol) doOnce(req *http.Request) (*message, Result) {
	resp, err := p.client.Do(req)
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return &message{resp.StatusCode}, errNACK
	}
	return &message{resp.StatusCode}, nil
}

func isACK(r Result) bool { return r == nil }

// Send retries the same request, whose body the first attempt consumed,
// after a helper's Result says no.
func (p *protocol) Send(ctx context.Context, u, body string) (*message, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, u, strings.NewReader(body))
	if err != nil {
		return nil, err
	}
	for retry := 0; retry < 3; retry++ {
		msg, result := p.doOnce(req) // want `the retry re-sends a request whose \*strings.Reader body was consumed; rebuild it or set req.Body from req.GetBody`
		if isACK(result) {
			return msg, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return nil, errNACK
}

func (p *protocol) put(req *http.Request) Result {
	resp, err := p.client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Put tests the helper's Result at the top of the next attempt (a rotated
// loop): the test must know a Result for an error.
func (p *protocol) Put(ctx context.Context, u, body string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, u, strings.NewReader(body))
	if err != nil {
		return err
	}
	res := p.put(req)
	for try := 0; try < 3 && res != nil; try++ {
		time.Sleep(5 * time.Second) // want `time.Sleep in this retry loop ignores ctx; select on ctx.Done\(\) and a timer`
		res = p.put(req)            // want `the retry re-sends a request whose \*strings.Reader body was consumed; rebuild it or set req.Body from req.GetBody`
	}
	return res
}
