// Package broken does not type-check; the analyzer must not crash.
package broken

import "net/http"

func Broken(u string) {
	c := &http.Client{Timeout: undefinedTimeout}
	c.Get(u)
	var x int = "not an int"
	http.Get(u, x)
}
