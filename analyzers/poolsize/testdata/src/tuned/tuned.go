// Package tuned configures transports built by another package
// (VictoriaMetrics' vmalert: utils.Transport, then tr.MaxIdleConns = n).
package tuned

import (
	"net/http"
	"time"

	"tuned/transports"
)

var maxIdle = 100

type Client struct{ c *http.Client }

func New() (*Client, error) {
	tr, err := transports.New("")
	if err != nil {
		return nil, err
	}
	tr.MaxIdleConns = maxIdle // want `MaxIdleConnsPerHost is 2 \(the default\) with MaxIdleConns set; set MaxIdleConnsPerHost near the expected concurrency`
	return &Client{c: &http.Client{Transport: tr, Timeout: time.Minute}}, nil
}

// Both limits set: nothing to report.
func NewBoth() (*Client, error) {
	tr, err := transports.New("")
	if err != nil {
		return nil, err
	}
	tr.MaxIdleConns = maxIdle
	tr.MaxIdleConnsPerHost = maxIdle
	return &Client{c: &http.Client{Transport: tr, Timeout: time.Minute}}, nil
}

// The other package's own setting is reported there, not here.
func NewTuned() *Client {
	tr := transports.Tuned()
	tr.IdleConnTimeout = time.Minute
	return &Client{c: &http.Client{Transport: tr, Timeout: time.Minute}}
}
