package options

import "net/http"

func retryInTest(c *http.Client, u string) {
	for { // want `this loop retries \(\*http.Client\).Get with no bound; cap the attempts or check a context` `this loop retries \(\*http.Client\).Get immediately; add a backoff between attempts`
		resp, err := c.Get(u)
		if err == nil {
			resp.Body.Close()
			return
		}
	}
}
