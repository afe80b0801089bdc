// Package tunesclient changes the clients its callers give it: no
// keepsconfig fact, so a client handed to it is not judged by what its
// builder set.
package tunesclient

import (
	"net/http"
	"time"
)

// Limit gives a client it is given a Timeout.
func Limit(c *http.Client) {
	c.Timeout = time.Minute
}
