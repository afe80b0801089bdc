// Package oauth2 is a stub of golang.org/x/oauth2's client functions.
package oauth2

import (
	"context"
	"net/http"
)

type contextKey struct{}

// HTTPClient is the context key for the client the functions use.
var HTTPClient contextKey

type Token struct{ AccessToken string }

type TokenSource interface{ Token() (*Token, error) }

type Config struct{ ClientID string }

func contextClient(ctx context.Context) *http.Client {
	if c, ok := ctx.Value(HTTPClient).(*http.Client); ok {
		return c
	}
	return http.DefaultClient
}

func NewClient(ctx context.Context, src TokenSource) *http.Client {
	cc := contextClient(ctx)
	return &http.Client{Transport: cc.Transport, Timeout: cc.Timeout}
}

func (c *Config) Client(ctx context.Context, t *Token) *http.Client {
	return NewClient(ctx, nil)
}
