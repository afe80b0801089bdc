// Package plugins holds clients built through an interface whose
// implementations in the package are pool factories: an auth plugin
// looked up by name builds the client of each request (OPA's rest
// client before v1.15.0, whose HTTPAuthPlugin.NewClient implementations
// all return a client over a new clone of DefaultTransport).
package plugins

import (
	"context"
	"crypto/tls"
	"net/http"
	"time"

	"plugins/tracing"
)

// AuthPlugin builds the client a service's requests go through.
type AuthPlugin interface {
	NewClient(c Config) (*http.Client, error)
	Prepare(req *http.Request) error
}

type Config struct {
	URL      string
	Insecure bool
	Bearer   *bearerPlugin
	plugin   AuthPlugin
}

// roundTripperClient returns a client over a new clone of DefaultTransport.
func roundTripperClient(t *tls.Config) *http.Client {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.TLSClientConfig = t
	c := *http.DefaultClient
	c.Transport = tr
	c.Timeout = time.Minute
	return &c
}

type defaultPlugin struct{}

func (*defaultPlugin) NewClient(c Config) (*http.Client, error) {
	return roundTripperClient(&tls.Config{InsecureSkipVerify: c.Insecure}), nil
}

func (*defaultPlugin) Prepare(*http.Request) error { return nil }

type bearerPlugin struct{ token string }

func (p *bearerPlugin) NewClient(c Config) (*http.Client, error) {
	return roundTripperClient(nil), nil
}

func (p *bearerPlugin) Prepare(req *http.Request) error {
	req.Header.Set("Authorization", "Bearer "+p.token)
	return nil
}

// authPlugin picks the configured plugin, the default one otherwise.
func (c *Config) authPlugin() AuthPlugin {
	if c.Bearer != nil {
		return c.Bearer
	}
	return &defaultPlugin{}
}

func (c *Config) authHTTPClient() (*http.Client, error) {
	return c.authPlugin().NewClient(*c)
}

type Client struct {
	config  Config
	tracing tracing.Options
}

// Do asks the plugin for a new client on every request, and wraps its
// transport in a tracer of another package, stored back into the client.
func (c Client) Do(ctx context.Context, path string) (*http.Response, error) {
	httpClient, err := c.config.authHTTPClient() // want `authHTTPClient\(\) creates a new pool per call of Do; create it once and reuse it`
	if err != nil {
		return nil, err
	}
	if len(c.tracing) > 0 {
		httpClient.Transport = tracing.NewTransport(httpClient.Transport, c.tracing)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.config.URL+path, nil)
	if err != nil {
		return nil, err
	}
	if err := c.config.authPlugin().Prepare(req); err != nil {
		return nil, err
	}
	return httpClient.Do(req)
}

// Fetch calls the interface method itself in the function that sends.
func Fetch(ctx context.Context, p AuthPlugin, c Config) error {
	client, err := p.NewClient(c) // want `NewClient\(\) creates a new pool per call of Fetch; create it once and reuse it`
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.URL, nil)
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Negative cases: the client built once per Client and kept, and an
// interface one of whose implementations returns a kept client.

type CachedClient struct {
	config Config
	client *http.Client
}

func NewCachedClient(c Config) (*CachedClient, error) {
	hc, err := c.authHTTPClient()
	if err != nil {
		return nil, err
	}
	return &CachedClient{config: c, client: hc}, nil
}

func (c *CachedClient) Do(ctx context.Context, path string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.config.URL+path, nil)
	if err != nil {
		return nil, err
	}
	return c.client.Do(req)
}

// Source hands out clients; one implementation keeps its own.
type Source interface {
	Client() *http.Client
}

type freshSource struct{}

func (freshSource) Client() *http.Client { return roundTripperClient(nil) }

type keptSource struct{ c *http.Client }

func (s *keptSource) Client() *http.Client { return s.c }

func Get(ctx context.Context, s Source, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := s.Client().Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
