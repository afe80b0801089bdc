// Package defaultmutated changes http.DefaultTransport itself.
package defaultmutated

import "net/http"

func init() {
	http.DefaultTransport.(*http.Transport).MaxIdleConns = 500 // want `MaxIdleConnsPerHost is 2 \(the default\) with MaxIdleConns=500; set MaxIdleConnsPerHost near the expected concurrency`
}

func Clone() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone() // the clone inherits MaxIdleConns 500
	t.MaxIdleConnsPerHost = 600                          // want `MaxIdleConnsPerHost is 600 but MaxIdleConns is 500 \(the default\), so at most 500 are idle in all; raise MaxIdleConns`
	return t
}
