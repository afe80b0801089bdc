// Package directive checks //httplint:ignore.
package directive

import "net/http"

func suppressed(c *http.Client, u string) {
	//httplint:ignore retrypolicy/no-backoff the caller runs this in a bounded job
	for { // want `with no bound`
		resp, err := c.Get(u)
		if err == nil {
			resp.Body.Close()
			return
		}
	}
}

func noReason(c *http.Client, u string) {
	// want +1 `//httplint:ignore directive needs a reason`
	//httplint:ignore retrypolicy
	for { // want `with no bound` `immediately after a failure`
		resp, err := c.Get(u)
		if err == nil {
			resp.Body.Close()
			return
		}
	}
}
