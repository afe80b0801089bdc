// Package conndeadline builds clients whose dialer wraps every
// connection in a type that moves a deadline forward on each read and
// write (rclone's fshttp): a stalled server fails the request after the
// idle timeout, so the clients need no Timeout.
package conndeadline

import (
	"context"
	"net"
	"net/http"
	"time"

	"fieldcopy"
)

// Dialer dials with an idle deadline on every connection.
type Dialer struct {
	net.Dialer
	timeout time.Duration
}

// NewDialer returns a dialer with the configured idle timeout.
func NewDialer(timeout time.Duration) *Dialer {
	return &Dialer{Dialer: net.Dialer{Timeout: 10 * time.Second}, timeout: timeout}
}

// DialContext dials and wraps the connection.
func (d *Dialer) DialContext(ctx context.Context, network, addr string) (net.Conn, error) {
	c, err := d.Dialer.DialContext(ctx, network, addr)
	if err != nil {
		return c, err
	}
	t := &timeoutConn{Conn: c, timeout: d.timeout}
	return t, t.nudgeDeadline()
}

// timeoutConn sets a deadline for every Read and Write.
type timeoutConn struct {
	net.Conn
	timeout time.Duration
}

func (c *timeoutConn) nudgeDeadline() error {
	if c.timeout > 0 {
		return c.SetDeadline(time.Now().Add(c.timeout))
	}
	return nil
}

func (c *timeoutConn) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	if err == nil && n > 0 {
		err = c.nudgeDeadline()
	}
	return n, err
}

func (c *timeoutConn) Write(b []byte) (int, error) {
	n, err := c.Conn.Write(b)
	if err == nil && n > 0 {
		err = c.nudgeDeadline()
	}
	return n, err
}

// Transport wraps the http.Transport to set a user agent.
type Transport struct {
	*http.Transport
	userAgent string
}

// RoundTrip sets the user agent.
func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.Header.Set("User-Agent", t.userAgent)
	return t.Transport.RoundTrip(req)
}

func newTransport(t *http.Transport) *Transport {
	return &Transport{Transport: t, userAgent: "conndeadline"}
}

// NewTransportCustom builds the transport; customize may adjust it.
func NewTransportCustom(timeout time.Duration, customize func(*http.Transport)) *Transport {
	// Start from DefaultTransport's settings, copied by another package,
	// then override.
	t := new(http.Transport)
	fieldcopy.SetDefaults(t, http.DefaultTransport.(*http.Transport))
	t.ResponseHeaderTimeout = timeout
	t.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		return NewDialer(timeout).DialContext(ctx, network, addr)
	}
	if customize != nil {
		customize(t)
	}
	return newTransport(t)
}

// NewClient returns a client that dials with idle deadlines.
func NewClient(timeout time.Duration) *http.Client {
	return NewClientCustom(timeout, nil)
}

// NewClientCustom returns a client whose transport customize adjusts.
func NewClientCustom(timeout time.Duration, customize func(*http.Transport)) *http.Client {
	return &http.Client{Transport: NewTransportCustom(timeout, customize)}
}

// NewClientWithUnixSocket dials path instead of the request's host, still
// through the deadline dialer.
func NewClientWithUnixSocket(timeout time.Duration, path string) *http.Client {
	return NewClientCustom(timeout, func(t *http.Transport) {
		t.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
			return NewDialer(timeout).DialContext(ctx, "unix", path)
		}
	})
}

// Get sends through a client of this package: silent.
func Get(u string) error {
	resp, err := NewClient(time.Minute).Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// plainConn wraps a connection but sets no deadline.
type plainConn struct{ net.Conn }

func (c *plainConn) Read(b []byte) (int, error) { return c.Conn.Read(b) }

func plainDial(ctx context.Context, network, addr string) (net.Conn, error) {
	var d net.Dialer
	c, err := d.DialContext(ctx, network, addr)
	if err != nil {
		return nil, err
	}
	return &plainConn{c}, nil
}

// NewPlainClient wraps connections without a deadline.
func NewPlainClient() *http.Client {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.DialContext = plainDial
	return &http.Client{Transport: newTransport(t)} // want `http\.Client has no Timeout and its requests no deadline; set Client\.Timeout`
}

// GetPlain sends through a wrapper that sets no deadline.
func GetPlain(u string) error {
	resp, err := NewPlainClient().Get(u) // related `request without a deadline sent here`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// readConn sets a read deadline before each read only.
type readConn struct {
	net.Conn
	timeout time.Duration
}

func newReadConn(c net.Conn, timeout time.Duration) net.Conn {
	return &readConn{Conn: c, timeout: timeout}
}

func (c *readConn) Read(b []byte) (int, error) {
	if c.timeout > 0 {
		c.Conn.SetReadDeadline(time.Now().Add(c.timeout))
	}
	return c.Conn.Read(b)
}

// NewReadDeadlineClient's dialer sets no deadline itself; the connection
// it returns sets one on every read: silent.
func NewReadDeadlineClient(timeout time.Duration) *http.Client {
	dial := func(ctx context.Context, network, addr string) (net.Conn, error) {
		var d net.Dialer
		c, err := d.DialContext(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		return newReadConn(c, timeout), nil
	}
	return &http.Client{Transport: &http.Transport{DialContext: dial, IdleConnTimeout: time.Minute}}
}

// Fetch sends with the caller's context through a deadline-dialing
// client: its callers' sends are bounded too.
func Fetch(ctx context.Context, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := NewClient(time.Minute).Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// FetchPlain sends with the caller's context through a client without
// deadlines.
func FetchPlain(ctx context.Context, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := NewPlainClient().Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
