package testsincluded

import (
	"net/http"
	"testing"
)

func TestGet(t *testing.T) {
	http.Get("http://example.com") // want `http.Get uses http.DefaultClient, which has no Timeout; use a Client with Timeout or a request with a deadline`
}
