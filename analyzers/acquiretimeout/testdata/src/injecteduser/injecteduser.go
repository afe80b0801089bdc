// Package injecteduser passes its own clients to a package with nil
// defaults: the other package's default path is not this package's
// finding.
package injecteduser

import (
	"net/http"
	"time"

	"injected"
)

func use(u string) {
	injected.Send(&http.Client{Timeout: time.Second}, u)
	b := injected.NewBot(injected.Settings{Client: &http.Client{Timeout: time.Second}})
	b.Raw(u)
}
