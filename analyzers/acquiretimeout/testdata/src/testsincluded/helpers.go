package testsincluded

import (
	"net/http"
	"testing"
)

func Fetch(t testing.TB, u string) {
	if _, err := new(http.Client).Get(u); err != nil { // want `http\.Client has no Timeout and its requests no deadline; set Client\.Timeout`
		t.Fatal(err)
	}
}
