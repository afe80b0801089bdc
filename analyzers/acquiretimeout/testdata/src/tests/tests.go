package tests

import "net/http"

func Prod(u string) {
	http.Get(u) // want `http.Get uses http.DefaultClient`
}
