package httplib

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/typeutil"
)

// Failsafe is failsafe-go v0.9: resilience policies (retry, circuit
// breaker, ...) run by an Executor; FailsafeHTTP is its HTTP
// integration, whose Request sends an *http.Request under policies.
var (
	Failsafe     = register(&Library{Name: "failsafe-go", Path: "github.com/failsafe-go/failsafe-go", Kind: Retry})
	FailsafeHTTP = register(&Library{Name: "failsafehttp", Path: "github.com/failsafe-go/failsafe-go/failsafehttp", Kind: Client | Retry, send: failsafeHTTPSend})
)

// FailsafeRetryPolicy is the import path of failsafe-go's retry policies.
const FailsafeRetryPolicy = "github.com/failsafe-go/failsafe-go/retrypolicy"

func failsafeHTTPSend(fn *types.Func, args []ssa.Value) (Send, bool) {
	if !typeutil.IsMethod(fn, fn.Pkg().Path(), "Request", fn.Name()) || fn.Name() != "Do" {
		return Send{}, false
	}
	return Send{Via: ViaLibrary, Request: arg(args, 0), Name: "(*failsafehttp.Request).Do"}, true
}
