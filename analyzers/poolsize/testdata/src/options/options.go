package options

import (
	"net/http"
	"time"
)

var client = &http.Client{Timeout: time.Second}

func fetch(u string) { client.Get(u) }

func Workers(jobs chan string) {
	for i := 0; i < 16; i++ {
		go func() { // 16 is not above -fanout-width=16
			for u := range jobs {
				fetch(u)
			}
		}()
	}
	for i := 0; i < 17; i++ {
		go func() { // want `MaxIdleConnsPerHost is 2 \(the default\) for 17 goroutines using an http.Client; raise it to 17`
			for u := range jobs {
				fetch(u)
			}
		}()
	}
}
