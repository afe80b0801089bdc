// Package renamed imports net/http under another name and with a dot.
package renamed

import (
	ctxpkg "context"
	web "net/http"
	"time"
)

type Alias = web.Client

func Renamed(u string) {
	c := &web.Client{} // want `http\.Client has no Timeout and its requests no deadline; set Client\.Timeout`
	c.Get(u)           // related `request without a deadline sent here`
	web.Get(u)         // want `http.Get uses http.DefaultClient, which has no Timeout; use a Client with Timeout or a request with a deadline`
}

func Aliased(u string) {
	c := &Alias{} // want `http\.Client has no Timeout and its requests no deadline; set Client\.Timeout`
	c.Get(u)      // related `request without a deadline sent here`
}

func RenamedContext(u string) {
	ctx, cancel := ctxpkg.WithTimeout(ctxpkg.Background(), time.Second)
	defer cancel()
	req, _ := web.NewRequestWithContext(ctx, "GET", u, nil)
	web.DefaultClient.Do(req)
}

type Getter struct{}

func (Getter) Do(u string) {} // a method named like http's, on another type

func NotHTTP(u string) {
	var g Getter
	g.Do(u)
}
