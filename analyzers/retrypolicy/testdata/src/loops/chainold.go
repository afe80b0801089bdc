//go:build go1.21

package loops

import (
	"errors"
	"io"
	"net/http"
)

// The chain of steps of chain.go in a file of a module before Go 1.22
// (ffuf's go 1.20): one range variable for the whole loop, a local the
// loop stores each element into (*st = chain[i]) and whose fields it
// reads (st.touch() takes its address). Its fields change with every
// element: one request per step, not a retry.

type oldStep struct{ file string }

func (s *oldStep) touch() {}

func runOldChain(c *http.Client, chain []oldStep, ignore bool) error {
	for _, st := range chain {
		st.touch()
		req, err := http.NewRequest(http.MethodGet, "http://example.com/"+st.file, nil)
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		_, err = io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			if ignore {
				return nil
			}
			return errors.New("read")
		}
	}
	return nil
}

// The same local written with the same value on every attempt: the
// request does not change, the loop retries it.
func retryOldStep(c *http.Client, first oldStep) error {
	var st oldStep
	for i := 0; i < 5; i++ { // want `this loop retries \(\*http.Client\).Do immediately; add a backoff between attempts`
		st = first
		st.touch()
		req, err := http.NewRequest(http.MethodGet, "http://example.com/"+st.file, nil)
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err != nil {
			continue
		}
		resp.Body.Close()
		return nil
	}
	return errors.New("no answer")
}
