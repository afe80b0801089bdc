package helpersend

import "net/http"

// A Pipeline runs the next middleware, and in the end the transport.
type Pipeline interface {
	Next(req *http.Request, index int) (*http.Response, error)
}

// retryMiddleware retries the rest of the pipeline at once.
func retryMiddleware(p Pipeline, req *http.Request, index int) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 5; i++ {
		resp, err = p.Next(req, index) // want `this loop retries helpersend.Pipeline.Next immediately; add a backoff between attempts`
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
	}
	return resp, err
}

// A method that takes two requests is not a send of either.
type Comparer interface {
	Compare(a, b *http.Request) (*http.Response, error)
}

func compareTwice(c Comparer, a, b *http.Request) {
	for i := 0; i < 2; i++ {
		if _, err := c.Compare(a, b); err == nil {
			return
		}
	}
}
