// Package maxbytes4096 is checked with max-bytes=4096.
package maxbytes4096

import (
	"net/http"
	"strings"
)

func Medium() {
	http.Get("https://example.com/?" + strings.Repeat("a", 5000)) // want `request URL is 5021 bytes, over the 4096-byte proxy limit; shorten it or send the data in a request body`
}

func Small() {
	http.Get("https://example.com/?" + strings.Repeat("a", 4000))
}
