package tests

import (
	"net/http"
	"strings"
)

func Prod(base string, ids []string) {
	http.Get(base + "?ids=" + strings.Join(ids, ",")) // want `request URL grows with the length of ids`
}
