// Package broken has type errors: headersize must stay silent.
package broken

import (
	"net/http"
	"strings"
)

func Broken(base string, ids []string) {
	http.Get(base + "?" + strings.Join(ids, ",") + undefined)
	var x int = "s"
	_ = x
}
