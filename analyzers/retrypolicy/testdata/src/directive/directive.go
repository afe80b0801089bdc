// Package directive checks //httplint:ignore.
package directive

import "net/http"

func suppressed(c *http.Client, u string) {
	//httplint:ignore retrypolicy/no-backoff the caller runs this in a bounded job
	for { // want `this loop retries \(\*http.Client\).Get with no bound; cap the attempts or check a context`
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
	for { // want `this loop retries \(\*http.Client\).Get with no bound; cap the attempts or check a context` `this loop retries \(\*http.Client\).Get immediately; add a backoff between attempts`
		resp, err := c.Get(u)
		if err == nil {
			resp.Body.Close()
			return
		}
	}
}
