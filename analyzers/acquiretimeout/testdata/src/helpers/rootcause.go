package helpers

import (
	"context"
	"net/http"
)

// One helper sends through http.DefaultClient; several API methods call
// it with context.Background(): one root cause, http.DefaultClient in
// this package, reported once (at its first use in the package, Post in
// helpers.go) with the calls as related positions (resend-go v2.13's
// Client.Perform).
type Service struct{ base string }

func (s *Service) perform(ctx context.Context, path string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.base+path, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (s *Service) Emails() error  { return s.perform(context.Background(), "/emails") }  // related `called without a deadline here`
func (s *Service) Domains() error { return s.perform(context.Background(), "/domains") } // related `called without a deadline here`
func (s *Service) APIKeys() error { return s.perform(context.TODO(), "/api-keys") }      // related `called without a deadline here`
func (s *Service) Audience(ctx context.Context) error {
	return s.perform(ctx, "/audiences") // the caller's context: its business
}

// Through another helper, as resend-go's Create calls CreateWithContext,
// which calls Perform: the same root cause.
func (s *Service) Webhooks() error { return s.webhooksWithContext(context.Background()) } // related `called without a deadline here`

func (s *Service) webhooksWithContext(ctx context.Context) error {
	return s.perform(ctx, "/webhooks")
}
