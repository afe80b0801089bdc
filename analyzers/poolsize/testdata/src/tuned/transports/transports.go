// Package transports builds transports for other packages.
package transports

import (
	"crypto/tls"
	"errors"
	"net/http"
)

// New returns a Clone of http.DefaultTransport, with TLS settings when a
// certificate file is given.
func New(certFile string) (*http.Transport, error) {
	t := http.DefaultTransport.(*http.Transport).Clone()
	if certFile == "" {
		return t, nil
	}
	if certFile == "bad" {
		return nil, errors.New("bad certificate")
	}
	t.TLSClientConfig = &tls.Config{ServerName: certFile}
	return t, nil
}

// Tuned returns a transport whose limits are its own business.
func Tuned() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConns = 500 // want `MaxIdleConnsPerHost is 2 \(the default\) with MaxIdleConns=500; set MaxIdleConnsPerHost near the expected concurrency`
	return t
}
