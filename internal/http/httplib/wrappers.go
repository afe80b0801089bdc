package httplib

import "github.com/httplint/httplint/internal/ssa/valueflow"

// Packages that wrap or extend a transport without touching the
// settings httplint tracks.
var (
	// OtelHTTP is OpenTelemetry's net/http instrumentation: NewTransport
	// wraps a RoundTripper.
	OtelHTTP = register(&Library{Name: "otelhttp", Path: "go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp", Kind: Middleware})
	// XNetHTTP2 is golang.org/x/net/http2: ConfigureTransport(s) adds
	// HTTP/2 to a Transport.
	XNetHTTP2 = register(&Library{Name: "x/net/http2", Path: "golang.org/x/net/http2", Kind: Middleware})
)

func init() {
	poolUses[OtelHTTP.Path+".NewTransport"] = map[int]valueflow.Use{-1: valueflow.UseDerive}
	preserving[OtelHTTP.Path+".NewTransport"] = []int{-1}
	preserving[XNetHTTP2.Path+".ConfigureTransport"] = []int{-1}
	preserving[XNetHTTP2.Path+".ConfigureTransports"] = []int{-1}
}
