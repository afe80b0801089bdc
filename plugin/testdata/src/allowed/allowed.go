// Package allowed is listed in acquiretimeout's allow-pkgs setting: its
// deadline-free requests are deliberate.
package allowed

import "net/http"

func Stream(u string) (*http.Response, error) {
	return http.Get(u)
}
