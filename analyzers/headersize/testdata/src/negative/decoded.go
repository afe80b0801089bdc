package negative

import (
	"net/http"
	"net/url"
	"strings"
)

// A query frontend's codec (thanos' labelsCodec): DecodeRequest parses
// the matchers of an inbound request into a request object, and
// EncodeRequest re-encodes them into the downstream query. Every value
// the package stores in Matchers comes from the URL of a request this
// server received: the outbound query is as large as that URL, which
// the server's own limits already admitted.

// Request is what the codec passes between its two halves.
type Request interface{ GetPath() string }

type LabelsRequest struct {
	Path     string
	Matchers [][]string
	Names    []string
}

func (r *LabelsRequest) GetPath() string { return r.Path }

type codec struct{}

func (codec) DecodeRequest(r *http.Request) (Request, error) {
	q := r.URL.Query()
	res := &LabelsRequest{Path: r.URL.Path}
	var err error
	res.Matchers, err = parseMatchers(q, "match[]")
	if err != nil {
		return nil, err
	}
	if raw, err := url.ParseQuery(r.URL.RawQuery); err == nil {
		res.Names = raw["name[]"]
	}
	return res, nil
}

func parseMatchers(form url.Values, key string) ([][]string, error) {
	var out [][]string
	for _, s := range form[key] {
		out = append(out, strings.Split(s, ","))
	}
	return out, nil
}

func (codec) EncodeRequest(r Request) (*http.Request, error) {
	lr, ok := r.(*LabelsRequest)
	if !ok {
		return nil, nil
	}
	params := url.Values{}
	for _, m := range lr.Matchers {
		params.Add("match[]", strings.Join(m, ","))
	}
	for _, n := range lr.Names {
		params.Add("name[]", n)
	}
	u := &url.URL{Path: lr.Path, RawQuery: params.Encode()}
	return &http.Request{Method: http.MethodGet, URL: u, Header: http.Header{}}, nil
}
