package growth

import (
	"context"
	"net/http"
	"time"
)

// A retry loop adds the token to the request it sends again: a second,
// third, ... Authorization line per attempt.
func fetchToken(ctx context.Context, c *http.Client, u, token string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	for i := 0; i < 3; i++ {
		req.Header.Add("Authorization", "bearer "+token) // want `Header.Add\("Authorization"\) on a request this loop sends again adds a line per attempt; set it once before the loop`
		resp, err := c.Do(req.WithContext(ctx))
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

// Set replaces the line: nothing piles up.
func fetchTokenSet(c *http.Client, u, token string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	for i := 0; i < 3; i++ {
		req.Header.Set("Authorization", "bearer "+token)
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
	}
	return nil, err
}

// A new request each iteration gets its own headers.
func fetchEach(c *http.Client, urls []string, token string) {
	for _, u := range urls {
		req, err := http.NewRequest(http.MethodGet, u, nil)
		if err != nil {
			continue
		}
		req.Header.Add("Authorization", "bearer "+token)
		if resp, err := c.Do(req); err == nil {
			resp.Body.Close()
		}
	}
}

// Lines added in a loop that does not send: one per element.
func acceptAll(c *http.Client, u string, types []string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	for _, t := range types {
		req.Header.Add("Accept", t)
	}
	return c.Do(req)
}

// Del before Add in the loop: each attempt has one line.
func fetchTokenDel(c *http.Client, u, token string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	for i := 0; i < 3; i++ {
		req.Header.Del("authorization")
		req.Header.Add("Authorization", "bearer "+token)
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
	}
	return nil, err
}

// Del once before the loop does not clear what the attempts add.
func fetchTokenDelOnce(c *http.Client, u, token string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Del("Authorization")
	for i := 0; i < 3; i++ {
		req.Header.Add("Authorization", "bearer "+token) // want `Header.Add\("Authorization"\) on a request this loop sends again adds a line per attempt; set it once before the loop`
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
	}
	return nil, err
}
