// want package:"relevant" package:"keepsconfig"

// Package body has request builders whose summaries describe the body
// of the request they return.
package body

import (
	"io"
	"net/http"
	"strings"
)

type Builder struct {
	parsed io.Reader
}

func (b *Builder) parse(s string, r io.Reader) {
	if s != "" {
		b.parsed = strings.NewReader(s)
		return
	}
	b.parsed = r
}

// Build gives the request the body parse chose: a string reader or the
// caller's reader, named as the one that cannot be rewound.
func (b *Builder) Build(method, u string) (*http.Request, error) { // want Build:`0:deadline=none,body\(io.Reader,inmemory=false\)`
	return http.NewRequest(method, u, b.parsed)
}

// Post gives it a string reader.
func Post(u, payload string) (*http.Request, error) { // want Post:`0:deadline=none,body\(\*strings.Reader,inmemory=true\)`
	return newRequest(u, strings.NewReader(payload))
}

// newRequest exports no fact: importers cannot name it, and Post's
// summary already says what it returns.
func newRequest(u string, body io.Reader) (*http.Request, error) {
	return http.NewRequest(http.MethodPost, u, body)
}

// Get has no body.
func Get(u string) (*http.Request, error) { // want Get:`0:deadline=none`
	return http.NewRequest(http.MethodGet, u, nil)
}
