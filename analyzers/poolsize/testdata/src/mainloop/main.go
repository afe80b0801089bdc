// Command mainloop polls forever through a package-level client: its
// pool lives as long as a daemon's.
package main

import (
	"net/http"
	"time"
)

var shared = &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 4}, Timeout: time.Second} // want `IdleConnTimeout is 0 and MaxIdleConnsPerHost 4: a burst's idle connections stay open until the server closes them; set IdleConnTimeout`

func main() {
	for {
		poll("http://example.com/status")
		time.Sleep(time.Minute)
	}
}

func poll(u string) {
	if resp, err := shared.Get(u); err == nil {
		resp.Body.Close()
	}
}
