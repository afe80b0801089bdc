package testfiles

import (
	"net/http"
	"testing"
)

// TB lets the other files name testing.TB without importing testing.
type TB = testing.TB

// Fetch is a test helper outside a _test.go file: the file imports
// testing, so it is test code.
func Fetch(t testing.TB, u string) {
	if _, err := http.Get(u); err != nil { // reported only with -include-tests
		t.Fatal(err)
	}
}
