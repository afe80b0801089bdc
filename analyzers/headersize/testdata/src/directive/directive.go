package directive

import (
	"net/http"
	"strings"
)

func Suppressed(base string, ids []string) {
	//httplint:ignore headersize/unbounded-query ids are capped at 50 by the gateway
	http.Get(base + "?ids=" + strings.Join(ids, ","))
	http.Get(base + "?ids=" + strings.Join(ids, ";")) //httplint:ignore headersize callers send at most 10
}

func OtherRule(base string, ids []string) {
	//httplint:ignore headersize/oversized wrong rule named
	http.Get(base + "?ids=" + strings.Join(ids, ",")) // want `request URL grows with len\(ids\) \(strings.Join\); send ids in batches or in a request body`
}

func NoReason(base string, ids []string) {
	// want +1 `//httplint:ignore directive needs a reason`
	//httplint:ignore headersize
	http.Get(base + "?ids=" + strings.Join(ids, ",")) // want `request URL grows with len\(ids\) \(strings.Join\); send ids in batches or in a request body`
}
