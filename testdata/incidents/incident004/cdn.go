// Package incident004 is the Go twin of incident 004: a third party's
// CDN stalled for a minute; requests waited for a pooled connection with
// no timeout ("ConnectionRequestTimeout" defaulted to forever), thousands
// of threads piled up and the node died.
package incident004

import (
	"io"
	"net/http"
	"strings"
)

var payClient = &http.Client{
	Transport: &http.Transport{
		MaxConnsPerHost: 20, // the pool's per-route cap
	},
	// no Timeout: the wait for a connection slot is unbounded
}

// Send posts a payment notification to the third party.
func Send(endpoint, form string) (string, error) {
	req, err := http.NewRequest(http.MethodPost, endpoint, strings.NewReader(form))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := payClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return string(b), err
}
