package fields

import "net/http"

// Config is filled in by callers in other packages, like go-tfe's
// Config: its exported HTTPClient field may hold the caller's client.
type Config struct {
	HTTPClient *http.Client
}

func DefaultConfig() *Config { return &Config{HTTPClient: &http.Client{}} }

type APIClient struct {
	http *http.Client
}

func NewAPIClient(cfg *Config) *APIClient {
	config := DefaultConfig()
	if cfg != nil && cfg.HTTPClient != nil {
		config.HTTPClient = cfg.HTTPClient // the caller's client: unknown
	}
	return &APIClient{http: config.HTTPClient}
}

func (c *APIClient) Ping(u string) {
	req, _ := http.NewRequest("GET", u, nil)
	c.http.Do(req) // the client may be the caller's
}
