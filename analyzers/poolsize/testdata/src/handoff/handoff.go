package handoff

import (
	"net/http"

	"handoff/setter"
	"handoff/tuner"
)

// A transport handed to another package that keeps it as it is: the
// pool's settings are the ones built here (thanos' S3 bucket before
// v0.13.0).
func NewBucket(c *setter.Client) {
	c.SetCustomTransport(&http.Transport{
		MaxIdleConns: 100, // want `MaxIdleConnsPerHost is 2 \(the default\) with MaxIdleConns=100`
	})
}

// The other package sets MaxIdleConnsPerHost itself.
func Tuned() {
	tuner.Use(&http.Transport{MaxIdleConns: 100})
}

// A reflective merge may set any field.
func Merged(defaults *http.Transport) {
	t := &http.Transport{MaxIdleConns: 100}
	tuner.Merge(t, defaults)
	_ = (&http.Client{Transport: t})
}
