package testsincluded

import (
	"net/http"
	"testing"
)

func Fetch(t testing.TB, u string) {
	if _, err := http.Get(u); err != nil { // want `http.Get uses http.DefaultClient`
		t.Fatal(err)
	}
}
