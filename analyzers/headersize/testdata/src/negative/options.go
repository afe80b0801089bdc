package negative

import (
	"context"
	"net/http"
	"net/url"
	"strings"
)

// Each call of processOptions returns its own url.Values: the seeds one
// caller adds (bounded there, by a method the estimate does not read)
// do not reach another caller's URL
// (zmb3/spotify v2's processOptions and setSeedValues).
type requestOptions struct {
	urlParams url.Values
}

type requestOption func(*requestOptions)

func processOptions(options ...requestOption) requestOptions {
	o := requestOptions{urlParams: url.Values{}}
	for _, opt := range options {
		opt(&o)
	}
	return o
}

type seeds struct{ artists []string }

func (s seeds) count() int { return len(s.artists) }

func setSeedValues(s seeds, v url.Values) {
	v.Set("seed_artists", strings.Join(s.artists, ","))
}

func recommendations(ctx context.Context, c *http.Client, base string, s seeds, opts ...requestOption) error {
	if s.count() > 5 {
		return nil
	}
	v := processOptions(opts...).urlParams
	setSeedValues(s, v)
	return getURL(ctx, c, base+"recommendations?"+v.Encode())
}

func currentlyPlaying(ctx context.Context, c *http.Client, base string, opts ...requestOption) error {
	u := base + "me/player/currently-playing"
	if params := processOptions(opts...).urlParams.Encode(); params != "" {
		u += "?" + params
	}
	return getURL(ctx, c, u)
}

func getURL(ctx context.Context, c *http.Client, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
