package limits

import (
	"context"
	"fmt"
	"net"
	"net/http"
)

// A transport that dials only the local engine (dagger v0.6.1's
// defaultHTTPClient): no proxy or load balancer drops its idle
// connections, so a missing IdleConnTimeout costs nothing.
type engine struct {
	port   int
	client *http.Client
}

func newEngine(port int) *engine {
	e := &engine{port: port}
	e.client = &http.Client{Transport: &http.Transport{
		DialContext: func(_ context.Context, _, _ string) (net.Conn, error) {
			return net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", e.port))
		},
	}}
	return e
}

type socketClient struct{ hc *http.Client }

func newSocketClient(path string) *socketClient {
	var d net.Dialer
	return &socketClient{hc: &http.Client{Transport: &http.Transport{
		DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
			return d.DialContext(ctx, "unix", path)
		},
		MaxIdleConnsPerHost: 8,
	}}}
}

// A dial function that uses the address it is given reaches any host.
type remoteClient struct{ hc *http.Client }

func newRemoteClient() *remoteClient {
	return &remoteClient{hc: &http.Client{Transport: &http.Transport{ // want `IdleConnTimeout is 0 and MaxIdleConnsPerHost 8`
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			return net.Dial(network, addr)
		},
		MaxIdleConnsPerHost: 8,
	}}}
}
