package growth

import (
	"encoding/json"
	"net/http"
	"strings"
)

// APIClient sends GETs through an exported helper that other packages
// may call too (skycoin's api.Client.Get).
type APIClient struct {
	Addr string
	hc   *http.Client
}

// Get sends a GET to endpoint and decodes the answer into obj.
func (c *APIClient) Get(endpoint string, obj any) error {
	return c.get(endpoint, obj)
}

func (c *APIClient) get(endpoint string, obj any) error {
	req, err := http.NewRequest(http.MethodGet, c.Addr+endpoint, nil) // want `request URL grows with len\(addrs\) \(strings.Join\); send addrs in batches or in a request body`
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	return json.NewDecoder(resp.Body).Decode(obj)
}

// Balance passes a URL that grows with the caller's addresses.
func (c *APIClient) Balance(addrs []string) (map[string]int, error) {
	v := map[string]int{}
	err := c.Get("/api/v1/balance?addrs="+strings.Join(addrs, ","), &v)
	return v, err
}

// Version passes a constant path.
func (c *APIClient) Version() (string, error) {
	var s string
	err := c.Get("/api/v1/version", &s)
	return s, err
}
