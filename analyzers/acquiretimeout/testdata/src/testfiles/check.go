package testfiles

import "net/http"

// Check takes a testing.TB through an alias: its body is test code.
func Check(tb TB, u string) {
	http.Get(u) // reported only with -include-tests
	func() {
		http.Get(u) // a closure inside it too
	}()
}

// NotTest is production code in the same file.
func NotTest(u string) {
	http.Get(u) // want `http\.Get uses http\.DefaultClient, which has no Timeout \(2 requests in this package\); use a Client with Timeout or a request with a deadline`
}
