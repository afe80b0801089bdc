// Command mainpkg builds its client once, in main.
package main

import (
	"net/http"
	"time"
)

func main() {
	c := &http.Client{Transport: http.DefaultTransport.(*http.Transport).Clone(), Timeout: time.Second}
	if resp, err := c.Get("http://example.com/"); err == nil {
		resp.Body.Close()
	}
}
