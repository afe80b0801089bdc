package httplib

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// NetHTTPLib is net/http itself (Go 1.26).
var NetHTTPLib = register(&Library{Name: "net/http", Path: NetHTTP, Kind: Client, send: netHTTPSend})

func netHTTPSend(fn *types.Func, args []ssa.Value) (Send, bool) {
	var s Send
	name := fn.Name()
	switch typeutil.FuncKey(fn) {
	case "net/http.Get", "net/http.Head", "net/http.Post", "net/http.PostForm":
		// client.go:456-512: the helpers send through DefaultClient with
		// a request built by NewRequest (context.Background).
		s.Via, s.Name, s.Background = ViaHelper, "http."+name, true
		s.Method, s.URL = methodOf(name), arg(args, 0)
		if name == "Post" {
			s.Body = arg(args, 2)
		}
	case "net/http.Client.Get", "net/http.Client.Head", "net/http.Client.Post", "net/http.Client.PostForm":
		s.Via, s.Name, s.Background = ViaClient, "(*http.Client)."+name, true
		s.Client, s.Method, s.URL = arg(args, 0), methodOf(name), arg(args, 1)
		if name == "Post" {
			s.Body = arg(args, 3)
		}
	case "net/http.Client.Do":
		s.Via, s.Name = ViaClient, "(*http.Client).Do"
		s.Client, s.Request = arg(args, 0), arg(args, 1)
	case "net/http.Transport.RoundTrip":
		s.Via, s.Name = ViaRoundTrip, "(*http.Transport).RoundTrip"
		s.Transport, s.Request = arg(args, 0), arg(args, 1)
	default:
		return Send{}, false
	}
	return s, true
}

func init() {
	addSinks(NetHTTP, map[string]Sink{
		".NewRequest":            {SinkURL, 1, -1},
		".NewRequestWithContext": {SinkURL, 2, -1},
		".Header.Set":            {SinkHeaderValue, 2, 1},
		".Header.Add":            {SinkHeaderValue, 2, 1},
	})
	addHeaderSetters(NetHTTP, map[string]HeaderSetter{
		".Header.Set": {Key: 1, Map: -1},
		".Header.Add": {Key: 1, Map: -1},
	})
	for _, m := range []string{".Client.Do", ".Client.Get", ".Client.Head", ".Client.Post", ".Client.PostForm", ".Transport.RoundTrip"} {
		poolUses[NetHTTP+m] = map[int]valueflow.Use{0: valueflow.UseOperate}
	}
	for _, m := range []string{".Client.CloseIdleConnections", ".Transport.CloseIdleConnections"} {
		poolUses[NetHTTP+m] = map[int]valueflow.Use{-1: valueflow.UseClose}
	}
	poolUses[NetHTTP+".Transport.Clone"] = map[int]valueflow.Use{-1: valueflow.UseRead}
	// A ReverseProxy sends each request it serves through its Transport;
	// NewSingleHostReverseProxy returns a new one.
	poolUses[NetHTTP+"/httputil.ReverseProxy.ServeHTTP"] = map[int]valueflow.Use{0: valueflow.UseOperate}
	poolUses[NetHTTP+"/httputil.NewSingleHostReverseProxy"] = map[int]valueflow.Use{valueflow.ResultArg: valueflow.UseDerive}
	// The methods of Client and Transport only read their receiver's
	// configuration.
	for _, m := range []string{".Client.Do", ".Client.Get", ".Client.Head", ".Client.Post", ".Client.PostForm",
		".Client.CloseIdleConnections", ".Transport.RoundTrip", ".Transport.CloseIdleConnections",
		".Transport.Clone", ".Transport.CancelRequest", ".Transport.NewClientConn"} {
		preserving[NetHTTP+m] = []int{0}
	}
	freshPools[NetHTTP+".Transport.Clone"] = "(*http.Transport).Clone()"
	// NewRequest uses context.Background; httptest.NewRequest builds a server request
	// with context.Background.
	requestBuilders[NetHTTP+".NewRequest"] = RequestBuilder{Method: 0, URL: 1, Body: 2, Context: -1}
	requestBuilders[NetHTTP+".NewRequestWithContext"] = RequestBuilder{Method: 1, URL: 2, Body: 3, Context: 0}
	requestBuilders[NetHTTP+"/httptest.NewRequest"] = RequestBuilder{Method: 0, URL: 1, Body: 2, Context: -1}
	// Request.WithContext and Clone keep the method, URL and body;
	// WithContext's shallow copy keeps the Header map too.
	requestDerivations[NetHTTP+".Request.WithContext"] = RequestDerivation{From: 0, Context: 1, SharesHeader: true}
	requestDerivations[NetHTTP+".Request.Clone"] = RequestDerivation{From: 0, Context: 1}
	for _, m := range []string{"Context", "WithContext", "Cookie", "Cookies", "UserAgent", "Referer",
		"BasicAuth", "SetBasicAuth", "AddCookie", "ProtoAtLeast"} {
		bodyKeeping[NetHTTP+".Request."+m] = true
	}
}
