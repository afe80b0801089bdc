package growth

import (
	"net/http"
	"net/url"
	"strings"
)

// A request object the package fills from an inbound form and also from
// its callers' lists: the callers' lists grow the downstream query.

type SeriesRequest struct {
	Matchers []string
}

func DecodeSeries(r *http.Request) *SeriesRequest {
	r.ParseForm()
	return &SeriesRequest{Matchers: r.Form["match[]"]}
}

// NewSeriesRequest takes the caller's matchers.
func NewSeriesRequest(matchers []string) *SeriesRequest {
	return &SeriesRequest{Matchers: matchers}
}

func EncodeSeries(sr *SeriesRequest, base string) (*http.Request, error) {
	q := url.Values{}
	q.Set("match[]", strings.Join(sr.Matchers, ","))
	return http.NewRequest(http.MethodGet, base+"?"+q.Encode(), nil) // want `request URL grows with len\(sr.Matchers\) \(strings.Join\)`
}
