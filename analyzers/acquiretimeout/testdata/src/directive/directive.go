package directive

import "net/http"

func Suppressed(u string) {
	//httplint:ignore acquiretimeout/client-no-deadline long-poll endpoint, cancelled by the caller
	http.Get(u)
	http.Get(u) //httplint:ignore acquiretimeout streaming download
}

func OtherRule(u string) {
	//httplint:ignore acquiretimeout/dial-unbounded wrong rule named
	http.Get(u) // want `http\.Get uses http\.DefaultClient, which has no Timeout \(2 requests in this package\); use a Client with Timeout or a request with a deadline`
}

func NoReason(u string) {
	// want +1 `//httplint:ignore directive needs a reason`
	//httplint:ignore acquiretimeout
	http.Get(u) // related `request without a deadline sent here`
}
