package httplib

// CleanHTTP is hashicorp/go-cleanhttp v0.5.2: constructors of clients and
// transports that do not share http.DefaultTransport.
var CleanHTTP = register(&Library{Name: "go-cleanhttp", Path: "github.com/hashicorp/go-cleanhttp", Kind: Client})

func init() {
	p := CleanHTTP.Path
	// cleanhttp.go:12-39: DefaultTransport disables keep-alives and sets
	// MaxIdleConnsPerHost -1; DefaultPooledTransport keeps
	// DefaultTransport's timeouts with MaxIdleConnsPerHost
	// GOMAXPROCS+1. cleanhttp.go:44-58: the clients wrap them.
	constructors[p+".DefaultTransport"] = Constructor{Name: "cleanhttp.DefaultTransport", KeepAlivesOff: true}
	constructors[p+".DefaultPooledTransport"] = Constructor{Name: "cleanhttp.DefaultPooledTransport"}
	constructors[p+".DefaultClient"] = Constructor{Name: "cleanhttp.DefaultClient", Client: true, KeepAlivesOff: true}
	constructors[p+".DefaultPooledClient"] = Constructor{Name: "cleanhttp.DefaultPooledClient", Client: true}
	freshPools[p+".DefaultPooledTransport"] = "cleanhttp.DefaultPooledTransport()"
	freshPools[p+".DefaultPooledClient"] = "cleanhttp.DefaultPooledClient()"
}
