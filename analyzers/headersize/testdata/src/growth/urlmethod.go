package growth

import (
	"context"
	"net/http"
	"net/url"
)

// apiClient builds endpoint URLs behind an interface (client_golang's
// apiClient.URL).
type apiClient interface {
	URL(ep string, args map[string]string) *url.URL
	Do(context.Context, *http.Request) (*http.Response, []byte, error)
}

type seriesAPI struct{ client apiClient }

// Series adds one match[] per element to a URL the interface returned.
func (h *seriesAPI) Series(ctx context.Context, matches []string) error {
	u := h.client.URL("/api/v1/series", nil)
	q := u.Query()
	for _, m := range matches {
		q.Add("match[]", m)
	}
	u.RawQuery = q.Encode()
	req, err := http.NewRequest(http.MethodGet, u.String(), nil) // want `request URL grows with len\(matches\) \(q.Add in a loop\); send matches in batches or in a request body`
	if err != nil {
		return err
	}
	_, _, err = h.client.Do(ctx, req)
	return err
}

// Labels sets a constant query on the URL the interface returned.
func (h *seriesAPI) Labels(ctx context.Context) error {
	u := h.client.URL("/api/v1/labels", nil)
	q := u.Query()
	q.Set("limit", "100")
	u.RawQuery = q.Encode()
	req, err := http.NewRequest(http.MethodGet, u.String(), nil)
	if err != nil {
		return err
	}
	_, _, err = h.client.Do(ctx, req)
	return err
}
