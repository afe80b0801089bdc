// Package ctoruser uses the constructors of package ctor.
package ctoruser

import (
	"net/http"

	"ctor"
)

func UsesZero(u string) {
	c := ctor.NewClient()
	req, _ := http.NewRequest("GET", u, nil)
	c.Do(req) // want `http.Client has no Timeout and this request no deadline; set Client.Timeout or pass a context with a deadline`
}

func UsesTimed(u string) {
	c := ctor.NewTimedClient(0)
	c.Get(u)
}

func UsesPooled(u string) {
	c, _ := ctor.NewPooled()
	c.Get(u) // want `MaxConnsPerHost is 4 but the client has no Timeout: this request, with no deadline, may queue forever; set a Timeout`
}

func UsesDefault(u string) {
	ctor.Default.Get(u) // want `http.Client has no Timeout and this request no deadline; set Client.Timeout or pass a context with a deadline`
}

func UsesHolder(u string) {
	h := ctor.NewHolder()
	h.Client.Get(u)
}
