package injected

import (
	"context"
	"errors"
	"net/http"
)

// APIClient is resend-go's Client: NewAPIClient passes
// http.DefaultClient to NewCustomAPIClient, which also defaults a nil
// client to it; requests come from a builder with an error path.
type APIClient struct {
	client *http.Client
	Emails *EmailService
}

func NewAPIClient() *APIClient { return NewCustomAPIClient(http.DefaultClient) }

func NewCustomAPIClient(hc *http.Client) *APIClient {
	if hc == nil {
		hc = http.DefaultClient // want `the fallback http.DefaultClient has no Timeout and its requests no deadline; fall back to a Client with Timeout`
	}
	c := &APIClient{client: hc}
	c.Emails = &EmailService{client: c}
	return c
}

func (c *APIClient) NewRequest(ctx context.Context, path string) (*http.Request, error) {
	if path == "" {
		return nil, errors.New("empty path")
	}
	return http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/"+path, nil)
}

func (c *APIClient) Perform(req *http.Request) (*http.Response, error) {
	return c.client.Do(req)
}

type EmailService struct{ client *APIClient }

func (s *EmailService) SendWithContext(ctx context.Context) error {
	req, err := s.client.NewRequest(ctx, "emails")
	if err != nil {
		return err
	}
	resp, err := s.client.Perform(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (s *EmailService) Send() error {
	return s.SendWithContext(context.Background()) // related `called without a deadline here`
}
