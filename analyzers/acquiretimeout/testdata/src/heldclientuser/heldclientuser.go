// Package heldclientuser hands its clients to package heldclient's
// constructors, which keep them and send through them.
package heldclientuser

import (
	"context"
	"net"
	"net/http"
	"time"

	"heldclient"
	"heldtuned"
)

type getter struct {
	meta *heldclient.Client
}

// A client with a dial timeout only, kept by the library, whose Get has
// no deadline: a server that accepts and never answers hangs Metadata
// (cloud.google.com/go/logging v1.19.0's metadata probe).
var probe = &getter{meta: heldclient.NewClient(&http.Client{ // want `http.Client has no Timeout and its requests no deadline; set Client.Timeout`
	Transport: &http.Transport{Dial: (&net.Dialer{Timeout: time.Second}).Dial},
})}

func (g *getter) Metadata(u string) {
	g.meta.Get(u) // related `called without a deadline here`
}

func valueHeld(u string) {
	n := heldclient.NewNamed("x", &http.Client{}) // want `http.Client has no Timeout and its requests no deadline; set Client.Timeout`
	n.Fetch(u)                                    // related `called without a deadline here`
}

// Not reported: the client has a Timeout.
func timed(u string) {
	c := heldclient.NewClient(&http.Client{Timeout: time.Second})
	c.Get(u)
}

// Not reported: the caller's context has a deadline.
func withDeadline(u string) {
	c := heldclient.NewClient(&http.Client{})
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	c.GetWithContext(ctx, u)
}

// Not reported: the method sets a deadline of its own.
func bounded(u string) {
	c := heldclient.NewClient(&http.Client{})
	c.GetBounded(u)
}

// Not reported: a nil client selects the library's default, which has a
// Timeout.
func libraryDefault(u string) {
	heldclient.NewClient(nil).Get(u)
}

// Not reported: the client comes from this function's caller; the
// caller of kept is judged where it passes one (nothing here does).
func kept(c *http.Client, u string) {
	heldclient.NewClient(c).Get(u)
}

func polled(u string) {
	c := heldclient.NewClient(&http.Client{}) // want `http.Client has no Timeout and its requests no deadline; set Client.Timeout`
	c.Poll(u)                                 // related `called without a deadline here`
}

// Not reported: the constructor gives the client a Timeout.
func tuned(u string) {
	heldtuned.NewClient(&http.Client{}).Get(u)
}
