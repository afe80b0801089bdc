package httplib

import (
	"go/types"
	"net/http"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// RetryableHTTP is hashicorp/go-retryablehttp v0.7.8: a client that
// retries with backoff. Its Request embeds *http.Request, so its Header
// and URL are net/http's.
var RetryableHTTP = register(&Library{Name: "go-retryablehttp", Path: "github.com/hashicorp/go-retryablehttp", Kind: Client | Retry, send: retryableHTTPSend})

func retryableHTTPSend(fn *types.Func, args []ssa.Value) (Send, bool) {
	p, name := fn.Pkg().Path(), fn.Name()
	s := Send{Via: ViaLibrary}
	switch {
	case typeutil.IsFunc(fn, p, name):
		// The package functions send through a NewClient().
		s.DefaultClient = true
		s.Name = "retryablehttp." + name
		args = append([]ssa.Value{nil}, args...)
	case typeutil.IsMethod(fn, p, "Client", name):
		s.Client = arg(args, 0)
		s.Name = "(*retryablehttp.Client)." + name
	default:
		return Send{}, false
	}
	switch name {
	case "Do":
		if s.DefaultClient {
			return Send{}, false
		}
		s.Request = arg(args, 1)
	case "Get", "Head":
		s.Method, s.URL = methodOf(name), arg(args, 1)
	case "Post":
		s.Method, s.URL, s.Body = http.MethodPost, arg(args, 1), arg(args, 3)
	case "PostForm":
		s.Method, s.URL = http.MethodPost, arg(args, 1)
	default:
		return Send{}, false
	}
	return s, true
}

func init() {
	p := RetryableHTTP.Path
	addLibraryRequest(p, "Request", false)
	addSinks(p, map[string]Sink{
		".NewRequest":            {SinkURL, 1, -1},
		".NewRequestWithContext": {SinkURL, 2, -1},
		".Get":                   {SinkURL, 0, -1},
		".Head":                  {SinkURL, 0, -1},
		".Post":                  {SinkURL, 0, -1},
		".PostForm":              {SinkURL, 0, -1},
		".Client.Get":            {SinkURL, 1, -1},
		".Client.Head":           {SinkURL, 1, -1},
		".Client.Post":           {SinkURL, 1, -1},
		".Client.PostForm":       {SinkURL, 1, -1},
	})
	freshPools[p+".NewClient"] = "retryablehttp.NewClient()"
	// A Request wraps an *http.Request built the same way.
	requestBuilders[p+".NewRequest"] = RequestBuilder{Method: 0, URL: 1, Body: 2, Context: -1}
	requestBuilders[p+".NewRequestWithContext"] = RequestBuilder{Method: 1, URL: 2, Body: 3, Context: 0}
	requestDerivations[p+".Request.WithContext"] = RequestDerivation{From: 0, Context: 1}
	requestDerivations[p+".FromRequest"] = RequestDerivation{From: 0, Context: -1}
	libraryUses[RetryableHTTP] = func(fn *types.Func, sig *types.Signature) (valueflow.Use, bool) {
		if !typeutil.IsNamed(sig.Recv().Type(), p, "Client") {
			return valueflow.UseUnknown, false
		}
		switch fn.Name() {
		case "Do", "Get", "Head", "Post", "PostForm":
			return valueflow.UseOperate, true
		case "StandardClient":
			return valueflow.UseDerive, true
		}
		return valueflow.UseRead, true
	}
}
