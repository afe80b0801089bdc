package options

import "net/http"

func retryInTest(c *http.Client, u string) {
	for { // want `with no bound` `immediately after a failure`
		resp, err := c.Get(u)
		if err == nil {
			resp.Body.Close()
			return
		}
	}
}
