// Package oauthclient sends through x/oauth2's clients.
package oauthclient

import (
	"context"
	"io"
	"net/http"
	"time"

	"golang.org/x/oauth2"
)

type provider struct {
	conf    *oauth2.Config
	userURL string
}

// The client of a context that carries none is http.DefaultClient's
// (pocketbase v0.13.4's baseProvider.Client), and the request has no
// context of its own.
func (p *provider) client(tok *oauth2.Token) *http.Client {
	return p.conf.Client(context.Background(), tok) // want `oauth2.Config.Client\(\) has no Timeout and its requests no deadline`
}

func (p *provider) FetchUser(tok *oauth2.Token) ([]byte, error) {
	req, err := http.NewRequest(http.MethodGet, p.userURL, nil)
	if err != nil {
		return nil, err
	}
	resp, err := p.client(tok).Do(req) // related `request without a deadline sent here`
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

// Negatives: a context that carries a client with a Timeout; a request
// context with a deadline.
func (p *provider) FetchWithClient(tok *oauth2.Token) error {
	ctx := context.WithValue(context.Background(), oauth2.HTTPClient, &http.Client{Timeout: 30 * time.Second})
	resp, err := p.conf.Client(ctx, tok).Get(p.userURL)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (p *provider) FetchWithDeadline(tok *oauth2.Token) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, p.userURL, nil)
	if err != nil {
		return err
	}
	resp, err := p.conf.Client(context.Background(), tok).Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
