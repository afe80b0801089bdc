// Package socketuser sends through socketapi's clients from another
// package, with no deadline.
package socketuser

import (
	"context"

	"socketapi"
)

// Lock waits forever, like sync.Mutex, on the local agent: silent.
func Lock(c *socketapi.Client) error {
	return c.Do(context.Background(), "PATCH", "http://agent/lock")
}

// Fetch waits forever on a remote host: reported.
func Fetch(r *socketapi.Remote, u string) error {
	return r.Do(context.Background(), u) // want `socketapi.Remote.Do uses an http.Client \(no Timeout\) and this context has no deadline`
}
