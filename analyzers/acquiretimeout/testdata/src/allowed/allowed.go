// Package allowed streams server-sent events: its clients are
// deliberately deadline-free and the package is in -allow-pkgs.
package allowed

import "net/http"

func Stream(u string) {
	http.Get(u)
}
