package loops

import (
	"net/http"
	"time"
)

// A handler that retries a backend call: the inbound request's context
// ends when its client goes away, and the sleep does not hear it.
func proxyHandler(c *http.Client) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		for i := 0; i < 3; i++ {
			resp, err := c.Get("http://backend/x")
			if err == nil {
				resp.Body.Close()
				return
			}
			time.Sleep(5 * time.Second) // want `time.Sleep in this retry loop ignores r.Context\(\); select on r.Context\(\).Done\(\) and a timer`
		}
		w.WriteHeader(http.StatusBadGateway)
	}
}

// No request, no context in scope: nothing to honour.
func backgroundRetry(c *http.Client) {
	for i := 0; i < 3; i++ {
		resp, err := c.Get("http://backend/x")
		if err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(time.Second)
	}
}
