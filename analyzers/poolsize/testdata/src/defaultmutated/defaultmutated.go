// Package defaultmutated changes http.DefaultTransport itself.
package defaultmutated

import "net/http"

func init() {
	http.DefaultTransport.(*http.Transport).MaxIdleConns = 500 // want `MaxIdleConns is 500 but MaxIdleConnsPerHost is unset`
}

func Clone() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone() // the clone inherits MaxIdleConns 500
	t.MaxIdleConnsPerHost = 600                          // want `MaxIdleConnsPerHost is 600 but MaxIdleConns is 500`
	return t
}
