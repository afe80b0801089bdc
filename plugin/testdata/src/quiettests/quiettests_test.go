package quiettests

import (
	"net/http"
	"testing"
)

func TestFetch(t *testing.T) {
	http.Get("http://example.com/") // not reported: test files need include-tests
}
