// Package conndeadlineuser sends through conndeadline's clients from
// another package.
package conndeadlineuser

import (
	"context"
	"net/http"
	"time"

	"conndeadline"
)

// Version fetches through the deadline dialer: silent.
func Version(u string) error {
	resp, err := conndeadline.NewClient(time.Minute).Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Socket sends over the unix socket, through the deadline dialer: silent.
func Socket(path, u string) error {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := conndeadline.NewClientWithUnixSocket(time.Minute, path).Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Plain sends through a wrapper without deadlines: reported.
func Plain(u string) error {
	resp, err := conndeadline.NewPlainClient().Get(u) // want `http\.Client has no Timeout and this request no deadline`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ReadDeadline sends through a connection that sets a deadline on every
// read: silent.
func ReadDeadline(u string) error {
	resp, err := conndeadline.NewReadDeadlineClient(time.Minute).Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ThroughHelper passes a context without deadline to a helper whose
// client dials with deadlines: silent.
func ThroughHelper(u string) error {
	return conndeadline.Fetch(context.Background(), u)
}

// ThroughPlainHelper passes it to a helper whose client has none.
func ThroughPlainHelper(u string) error {
	return conndeadline.FetchPlain(context.Background(), u) // want `conndeadline.FetchPlain uses an http.Client \(no Timeout\) and this context has no deadline`
}
