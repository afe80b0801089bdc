package testfiles

import (
	"net/http"
	"testing"
)

func TestGet(t *testing.T) {
	http.Get("http://localhost") // reported only with -include-tests
}
