// Package fixedconfig fills its exported Config itself: no caller can
// have set the client it uses.
package fixedconfig

import "net/http"

type Config struct {
	HTTPClient *http.Client
}

func DefaultConfig() *Config { return &Config{HTTPClient: &http.Client{}} } // want `http\.Client has no Timeout and its requests no deadline; set Client\.Timeout`

type Client struct {
	http *http.Client
}

func NewClient() *Client {
	config := DefaultConfig()
	return &Client{http: config.HTTPClient}
}

func (c *Client) Ping(u string) {
	req, _ := http.NewRequest("GET", u, nil)
	c.http.Do(req) // related `request without a deadline sent here`
}
