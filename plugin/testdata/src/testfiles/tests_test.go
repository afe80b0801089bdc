package testfiles

import (
	"net/http"
	"testing"
)

func TestFetch(t *testing.T) {
	http.Get("http://example.com/") // want `http.Get uses http.DefaultClient, which has no Timeout`
}
