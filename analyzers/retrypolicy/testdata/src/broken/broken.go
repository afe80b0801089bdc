// Package broken has type errors: the analyzer must stay silent.
package broken

import "net/http"

func broken(c *http.Client, u string) {
	for {
		resp, err := c.Get(u, undefined)
		if err == nil {
			return resp
		}
	}
}
