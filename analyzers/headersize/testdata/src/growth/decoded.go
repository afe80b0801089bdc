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

// A codec that decodes the form, which holds a POST body too, and
// re-encodes it into a GET URL (thanos' query frontend before v0.18.0):
// a body may be far larger than any URL.

type LabelsRequest struct {
	Matchers []string
}

func DecodeLabels(r *http.Request) (*LabelsRequest, error) {
	if err := r.ParseForm(); err != nil {
		return nil, err
	}
	return &LabelsRequest{Matchers: r.Form["match[]"]}, nil
}

func EncodeLabels(lr *LabelsRequest) *http.Request {
	q := url.Values{}
	q["match[]"] = lr.Matchers
	u := &url.URL{Path: "/api/v1/labels", RawQuery: q.Encode()}
	return &http.Request{Method: http.MethodGet, URL: u, Header: http.Header{}} // want `request URL grows`
}
