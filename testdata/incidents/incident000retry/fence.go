// Package incident000retry is the Go twin of the retry half of incident
// 000: a GET with a huge query string was reset by an HTTP/2 load
// balancer ("stream was reset: CANCEL"); the client library retried the
// reset with no limit and no pause, so one call became a flood of
// duplicate requests and the caller timed out.
//
// The query half of the incident (the URL growing with the caller's
// list) has its own twin; here the request is given.
package incident000retry

import (
	"io"
	"net/http"
)

var client = &http.Client{}

// FetchFences sends req until it gets an answer. A reset stream fails
// the same way on every attempt, so this loop never ends and never
// waits: the server sees a flood of identical requests.
func FetchFences(req *http.Request) ([]byte, error) {
	for {
		resp, err := client.Do(req)
		if err == nil {
			defer resp.Body.Close()
			return io.ReadAll(resp.Body)
		}
		// "stream was reset: CANCEL": try again.
	}
}
