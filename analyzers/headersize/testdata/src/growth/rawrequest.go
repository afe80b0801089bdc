package growth

import "net/http"

// A library client whose request object keeps the http.Request it
// builds per attempt in a field, as resty v2.17.1's createHTTPRequest
// middleware does: r.RawRequest.Header = r.Header, the map that lives
// for the whole library request, then AddCookie on it; every attempt
// adds the cookies once more.
type rawClient struct {
	hc      *http.Client
	Cookies []*http.Cookie
}

type rawRequest struct {
	URL        string
	Header     http.Header
	RawRequest *http.Request
	client     *rawClient
}

func buildRaw(c *rawClient, r *rawRequest) (err error) {
	r.RawRequest, err = http.NewRequest(http.MethodGet, r.URL, nil)
	if err != nil {
		return err
	}
	r.RawRequest.Header = r.Header
	for _, cookie := range c.Cookies {
		r.RawRequest.AddCookie(cookie) // want `AddCookie appends to the Cookie header in the field Header, shared by every request; Clone the map`
	}
	return nil
}

// buildRawCloned gives each attempt's request a copy of the map.
func buildRawCloned(c *rawClient, r *rawRequest) (err error) {
	r.RawRequest, err = http.NewRequest(http.MethodGet, r.URL, nil)
	if err != nil {
		return err
	}
	r.RawRequest.Header = r.Header.Clone()
	for _, cookie := range c.Cookies {
		r.RawRequest.AddCookie(cookie)
	}
	return nil
}

func (r *rawRequest) execute(cloned bool) (*http.Response, error) {
	var err error
	if cloned {
		err = buildRawCloned(r.client, r)
	} else {
		err = buildRaw(r.client, r)
	}
	if err != nil {
		return nil, err
	}
	return r.client.hc.Do(r.RawRequest)
}
