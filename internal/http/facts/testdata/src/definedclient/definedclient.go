// want package:"relevant" package:"keepsconfig"

// Package definedclient defines a type on http.Client's struct (helm's
// jsonschema HTTPURLLoader): its fields are net/http's, on which no fact
// can be set, and the analysis must not fail on them.
package definedclient

import (
	"net/http"
	"time"
)

type Loader http.Client

func NewLoader() *Loader {
	l := Loader(http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{Proxy: http.ProxyFromEnvironment}})
	return &l
}

func (l *Loader) Load(u string) (*http.Response, error) { // want Load:`^sends\(client=param0,deadline=none\)$`
	return (*http.Client)(l).Get(u)
}
