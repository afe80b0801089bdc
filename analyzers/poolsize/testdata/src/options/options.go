package options

import (
	"net/http"
	"time"
)

var client = &http.Client{Timeout: time.Second}

func fetch(id string) { client.Get("https://api.example.com/items/" + id) }

func Workers(jobs chan string) {
	for i := 0; i < 16; i++ {
		go func() { // 16 is not above -fanout-width=16
			for id := range jobs {
				fetch(id)
			}
		}()
	}
	for i := 0; i < 17; i++ {
		go func() { // want `MaxIdleConnsPerHost is 2 \(the default\) for 17 goroutines to one host using an http.Client; raise it to 17 or run fewer`
			for id := range jobs {
				fetch(id)
			}
		}()
	}
}
