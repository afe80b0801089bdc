package testfiles

import "net/http"

func Prod(u string) {
	http.Get(u) // want `http.Get uses http.DefaultClient, which has no Timeout; use a Client with Timeout or a request with a deadline`
}
