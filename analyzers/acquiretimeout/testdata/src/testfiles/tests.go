package testfiles

import "net/http"

func Prod(u string) {
	http.Get(u) // related `request without a deadline sent here`
}
