package a

import "net/http"

func Fetch(u string) (*http.Response, error) {
	return http.Get(u) // want `http.Get uses http.DefaultClient, which has no Timeout`
}
