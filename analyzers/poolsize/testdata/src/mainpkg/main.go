// Command mainpkg builds its client once, in main, and sends once: its
// pools die with the process.
package main

import (
	"net/http"
	"time"
)

// shared has no IdleConnTimeout, but the command sends one request and
// exits: not reported.
var shared = &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 4}, Timeout: time.Second}

func main() {
	c := &http.Client{Transport: http.DefaultTransport.(*http.Transport).Clone(), Timeout: time.Second}
	if resp, err := c.Get("http://example.com/"); err == nil {
		resp.Body.Close()
	}
	fetch("http://example.com/status")
}

func fetch(u string) {
	if resp, err := shared.Get(u); err == nil {
		resp.Body.Close()
	}
}
