// Package tuner sets the per-host idle limit of the transports it is
// given.
package tuner

import "net/http"

func Use(rt http.RoundTripper) {
	if t, ok := rt.(*http.Transport); ok {
		t.MaxIdleConnsPerHost = 100
	}
}

// Merge copies defaults into dst by reflection (mergo's shape): what
// it sets is not seen.
func Merge(dst, src any) {}
