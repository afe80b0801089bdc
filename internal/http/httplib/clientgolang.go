package httplib

import (
	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// clientGolangAPI is github.com/prometheus/client_golang/api (v1.23.2,
// v1.25.0), Prometheus' HTTP API client. It is not a registered
// [Library]: its packages are analysed as any module's are, so its sends
// and the clients it keeps are found in its own code. What httplint
// knows of it is what becomes of the RoundTripper its Config carries:
// NewClient (client.go:94-108) keeps an http.Client over
// Config.RoundTripper, whose Do (client.go:137-141) sends the request it
// is given once, and the API of api/prometheus/v1 builds a new request
// for every call (api.go: http.NewRequest in each method, DoGetFallback
// a new GET after a POST the server refused); nothing in it retries.
const clientGolangAPI = "github.com/prometheus/client_golang/api"

// SendsEachRequestOnce reports whether fa is the address of a field
// that holds a RoundTripper used only by a client that builds a new
// request for each call and sends it once (client_golang's
// api.Config.RoundTripper): a request never comes back through that
// RoundTripper after its first round trip. net/http's Client does not
// bring it back either: it copies a redirect's headers from a copy of
// the first request's headers made before the first hop
// (makeHeadersCopier), so what a RoundTripper added to one hop is not
// on the next.
func SendsEachRequestOnce(fa *ssa.FieldAddr) bool {
	f := valueflow.FieldOf(fa)
	return f != nil && f.Name() == "RoundTripper" && typeutil.IsPointerTo(fa.X.Type(), clientGolangAPI, "Config")
}
