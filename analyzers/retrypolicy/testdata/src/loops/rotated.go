package loops

import (
	"bytes"
	"net/http"
	"time"
)

// rotated sends once, then tests the outcome at the top of each
// iteration and sends again at its end.
func rotated(c *http.Client, u string, payload []byte, schedule []time.Duration) (*http.Response, error) {
	req, _ := http.NewRequest(http.MethodPut, u, bytes.NewReader(payload))
	resp, err := c.Do(req)
	for try := 0; try < len(schedule); try++ {
		if err == nil && resp.StatusCode < 500 {
			break
		}
		time.Sleep(schedule[try])
		resp, err = c.Do(req) // want `the retry re-sends a request whose \*bytes.Reader body was consumed; rebuild it or set req.Body from req.GetBody`
	}
	return resp, err
}

// rotatedForever has no bound and no pause.
func rotatedForever(c *http.Client, u string) (*http.Response, error) {
	resp, err := c.Get(u)
	for err != nil {
		resp, err = c.Get(u) // want `this loop retries \(\*http.Client\).Get immediately; add a backoff between attempts` `this loop retries \(\*http.Client\).Get with no bound; cap the attempts or check a context`
	}
	return resp, err
}

// rotatedWalk sends the next URL each time: not a retry.
func rotatedWalk(c *http.Client, urls []string) error {
	resp, err := c.Get(urls[0])
	for i := 1; i < len(urls); i++ {
		if err != nil {
			return err
		}
		resp.Body.Close()
		resp, err = c.Get(urls[i])
	}
	return err
}
