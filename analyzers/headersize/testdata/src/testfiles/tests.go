package testfiles

import (
	"net/http"
	"strings"
)

func Prod(base string, ids []string) {
	http.Get(base + "?ids=" + strings.Join(ids, ",")) // want `request URL grows with len\(ids\) \(strings.Join\); send ids in batches or in a request body`
}
