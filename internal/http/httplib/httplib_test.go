package httplib_test

import (
	"go/types"
	"testing"

	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/ssa/valueflow"
)

func TestLookup(t *testing.T) {
	for path, want := range map[string]*httplib.Library{
		"net/http":                           httplib.NetHTTPLib,
		"net/http/httptest":                  httplib.NetHTTPLib,
		"github.com/failsafe-go/failsafe-go": httplib.Failsafe,
		"github.com/failsafe-go/failsafe-go/failsafehttp": httplib.FailsafeHTTP,
		"github.com/cenkalti/backoff/v4":                  httplib.Backoff,
		"github.com/go-resty/resty/v2":                    httplib.RestyV2,
		"github.com/go-resty/resty/v2x":                   nil,
		"github.com/gojek/heimdall/v7/hystrix":            httplib.Heimdall,
		"example.com/app":                                 nil,
	} {
		if got := httplib.Lookup(path); got != want {
			t.Errorf("Lookup(%q) = %v, want %v", path, got, want)
		}
	}
	if !httplib.IsRetryLibrary("k8s.io/client-go/util/retry") || httplib.IsRetryLibrary("net/http") {
		t.Error("IsRetryLibrary: want client-go's retry, not net/http")
	}
}

func TestImportsClientLibrary(t *testing.T) {
	pkg := types.NewPackage("example.com/app", "app")
	if httplib.ImportsClientLibrary(pkg) {
		t.Error("a package importing nothing imports no client library")
	}
	pkg.SetImports([]*types.Package{types.NewPackage("go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp", "otelhttp")})
	if httplib.ImportsClientLibrary(pkg) {
		t.Error("middleware alone is not a client library")
	}
	pkg.SetImports([]*types.Package{types.NewPackage("github.com/hashicorp/go-retryablehttp", "retryablehttp")})
	if !httplib.ImportsClientLibrary(pkg) {
		t.Error("go-retryablehttp is a client library")
	}
}

// fn returns a package-level function path.name() or a method
// (*path.recv).name().
func fn(path, recv, name string) *types.Func {
	pkg := types.NewPackage(path, "p")
	var r *types.Var
	if recv != "" {
		tn := types.NewTypeName(0, pkg, recv, nil)
		named := types.NewNamed(tn, types.NewStruct(nil, nil), nil)
		r = types.NewParam(0, pkg, "r", types.NewPointer(named))
	}
	return types.NewFunc(0, pkg, name, types.NewSignatureType(r, nil, nil, nil, nil, false))
}

func TestTables(t *testing.T) {
	if s, ok := httplib.SinkOf(fn("net/http", "", "NewRequest")); !ok || s.Kind != httplib.SinkURL || s.Arg != 1 {
		t.Errorf("SinkOf(http.NewRequest) = %+v, %v", s, ok)
	}
	if h, ok := httplib.HeaderSetterOf(fn("resty.dev/v3", "Client", "SetHeaders")); !ok || h.Map != 1 {
		t.Errorf("HeaderSetterOf((*resty.Client).SetHeaders) = %+v, %v", h, ok)
	}
	if c, ok := httplib.ConstructorOf(fn("github.com/hashicorp/go-cleanhttp", "", "DefaultClient")); !ok || !c.Client || !c.KeepAlivesOff {
		t.Errorf("ConstructorOf(cleanhttp.DefaultClient) = %+v, %v", c, ok)
	}
	if got := httplib.FreshPool(fn("github.com/go-resty/resty/v2", "", "New")); got != "resty.New()" {
		t.Errorf("FreshPool(resty.New) = %q", got)
	}
	if u := httplib.PoolUseOf(fn("net/http", "Client", "Do"), 0); u != valueflow.UseOperate {
		t.Errorf("PoolUseOf((*http.Client).Do, 0) = %v", u)
	}
	if u := httplib.PoolUseOf(fn("github.com/hashicorp/go-retryablehttp", "Client", "StandardClient"), 0); u != valueflow.UseDerive {
		t.Errorf("PoolUseOf((*retryablehttp.Client).StandardClient, 0) = %v", u)
	}
	if !httplib.PreservesConfig(fn("golang.org/x/net/http2", "", "ConfigureTransport"), 0) {
		t.Error("http2.ConfigureTransport preserves the transport's configuration")
	}
	if b, ok := httplib.RequestBuilderOf(fn("net/http", "", "NewRequestWithContext")); !ok || b.Context != 0 || b.Body != 3 {
		t.Errorf("RequestBuilderOf(http.NewRequestWithContext) = %+v, %v", b, ok)
	}
}
