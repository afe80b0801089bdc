package growth

import (
	"net/http"
	"time"
)

// Signer signs a request (the shape of gomaasapi's OAuthSigner).
type Signer interface {
	Sign(req *http.Request)
}

type plainSigner struct{ token string }

// Sign adds the Authorization line: called once per attempt on the same
// request, it adds one more each time.
func (s plainSigner) Sign(req *http.Request) {
	req.Header.Add("Authorization", "OAuth "+s.token) // want `Header.Add\("Authorization"\) on a request a loop sends again adds a line per attempt`
}

// MaasClient retries a request on 503.
type MaasClient struct {
	Signer Signer
	HTTP   *http.Client
}

// NewMaasClient signs with token.
func NewMaasClient(token string) *MaasClient {
	return &MaasClient{Signer: plainSigner{token: token}, HTTP: &http.Client{Timeout: time.Minute}}
}

// Dispatch sends req, retrying on 503 with the same request.
func (c *MaasClient) Dispatch(req *http.Request) (*http.Response, error) {
	for retry := 0; retry < 4; retry++ {
		resp, err := c.dispatchOnce(req)
		if err == nil && resp.StatusCode == http.StatusServiceUnavailable {
			resp.Body.Close()
			time.Sleep(time.Second)
			continue
		}
		return resp, err
	}
	return c.dispatchOnce(req)
}

func (c *MaasClient) dispatchOnce(req *http.Request) (*http.Response, error) {
	c.Signer.Sign(req)
	return c.HTTP.Do(req)
}

// setSigner replaces the line: nothing piles up.
type setSigner struct{ token string }

func (s setSigner) Sign(req *http.Request) { req.Header.Set("Authorization", "OAuth "+s.token) }

// addOnce adds a line to each new request it is given.
func addOnce(req *http.Request, token string) {
	req.Header.Add("X-Token", token)
}

// DispatchEach builds a new request per attempt: each gets one line.
func DispatchEach(c *http.Client, u, token string) (*http.Response, error) {
	for retry := 0; retry < 4; retry++ {
		req, err := http.NewRequest(http.MethodGet, u, nil)
		if err != nil {
			return nil, err
		}
		addOnce(req, token)
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
	}
	return nil, nil
}

// addAccept adds a line to a request that its caller's loop does not send.
func addAccept(req *http.Request, t string) { req.Header.Add("Accept", t) }

// AcceptList adds one Accept line per type, then sends once.
func AcceptList(c *http.Client, u string, types []string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	for _, t := range types {
		addAccept(req, t)
	}
	return c.Do(req)
}

var _ Signer = setSigner{}
