package helpersend

import (
	"errors"
	"net/http"
	"time"
)

// A handler chain whose Do takes the request and the value to decode
// into, and returns the package's response wrapper, as hcloud-go v2's
// handlers do: the retry handler's loop re-sends through the chain.
type handler interface {
	Do(req *http.Request, v any) (*Response, error)
}

// Response wraps the response with the API's metadata.
type Response struct {
	*http.Response
	RequestID string
}

var errConflict = errors.New("conflict")

type httpHandler struct{ hc *http.Client }

func (h *httpHandler) Do(req *http.Request, v any) (*Response, error) {
	resp, err := h.hc.Do(req)
	if err != nil {
		return nil, err
	}
	return &Response{Response: resp}, nil
}

type retryHandler struct {
	next    handler
	backoff func(int) time.Duration
}

func (h *retryHandler) Do(req *http.Request, v any) (*Response, error) {
	for retries := 0; ; retries++ { // want `this loop retries helpersend.handler.Do with no bound; cap the attempts or check a context`
		resp, err := h.next.Do(req.Clone(req.Context()), v)
		if errors.Is(err, errConflict) {
			time.Sleep(h.backoff(retries)) // want `time.Sleep in this retry loop ignores the request's context; select on req.Context\(\).Done\(\) and a timer`
			continue
		}
		return resp, err
	}
}

// A Do that takes a request and returns a struct that does not wrap a
// response is no send.
type Decoder interface {
	Do(req *http.Request, v any) (*Decoded, error)
}

type Decoded struct{ Fields map[string]string }

func decodeTwice(d Decoder, req *http.Request) {
	for i := 0; i < 2; i++ {
		if _, err := d.Do(req, nil); err == nil {
			return
		}
	}
}
