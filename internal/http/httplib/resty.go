package httplib

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// RestyV2 is github.com/go-resty/resty/v2 (v2.17.2) and RestyV3 is
// resty.dev/v3 (v3.0.0-beta.6): clients whose requests are built by
// chained setters on a *resty.Request and sent by its Get, Post, ...,
// Execute or Send methods.
var (
	RestyV2 = register(&Library{Name: "resty v2", Path: "github.com/go-resty/resty/v2", Kind: Client | Retry, send: restySend})
	RestyV3 = register(&Library{Name: "resty v3", Path: "resty.dev/v3", Kind: Client | Retry, send: restySend})
)

func restySend(fn *types.Func, args []ssa.Value) (Send, bool) {
	name := fn.Name()
	if !typeutil.IsMethod(fn, fn.Pkg().Path(), "Request", name) {
		return Send{}, false
	}
	s := Send{Via: ViaLibrary, Request: arg(args, 0), Name: "(*resty.Request)." + name}
	switch name {
	case "Get", "Head", "Post", "Put", "Patch", "Delete", "Options", "Trace", "Query":
		s.Method, s.URL = methodOf(name), arg(args, 1)
	case "Execute":
		s.MethodArg, s.URL = arg(args, 1), arg(args, 2)
	case "Send":
	default:
		return Send{}, false
	}
	return s, true
}

func init() {
	for _, lib := range []*Library{RestyV2, RestyV3} {
		p := lib.Path
		addResponseModel(p, &ResponseModel{Type: "Response", Failed: []string{"IsError"}, Succeeded: []string{"IsSuccess"}, Status: "StatusCode"})
		addFreshRequests(p+".Client.R", p+".Client.NewRequest")
		addLibraryRequest(p, "Request", true)
		addSinks(p, map[string]Sink{
			".Request.Get":                      {SinkURL, 1, -1},
			".Request.Head":                     {SinkURL, 1, -1},
			".Request.Post":                     {SinkURL, 1, -1},
			".Request.Put":                      {SinkURL, 1, -1},
			".Request.Patch":                    {SinkURL, 1, -1},
			".Request.Delete":                   {SinkURL, 1, -1},
			".Request.Options":                  {SinkURL, 1, -1},
			".Request.Trace":                    {SinkURL, 1, -1},
			".Request.Execute":                  {SinkURL, 2, -1},
			".Request.SetURL":                   {SinkURL, 1, -1},
			".Request.SetQueryParam":            {SinkQueryValue, 2, 1},
			".Request.SetQueryParamAny":         {SinkQueryValue, 2, 1},
			".Request.SetQueryString":           {SinkQueryValue, 1, -1},
			".Request.SetPathParam":             {SinkQueryValue, 2, 1},
			".Request.SetPathParamAny":          {SinkQueryValue, 2, 1},
			".Request.SetPathRawParam":          {SinkQueryValue, 2, 1},
			".Request.SetPathRawParamAny":       {SinkQueryValue, 2, 1},
			".Request.SetQueryParams":           {SinkQueryMap, 1, -1},
			".Request.SetPathParams":            {SinkQueryMap, 1, -1},
			".Request.SetPathRawParams":         {SinkQueryMap, 1, -1},
			".Request.SetQueryParamsFromValues": {SinkQueryValues, 1, -1},
			".Request.SetHeader":                {SinkHeaderValue, 2, 1},
			".Request.SetHeaderAny":             {SinkHeaderValue, 2, 1},
			".Request.SetHeaderVerbatim":        {SinkHeaderValue, 2, 1},
			".Request.SetHeaderVerbatimAny":     {SinkHeaderValue, 2, 1},
			".Request.SetHeaders":               {SinkHeaderMap, 1, -1},
			".Client.SetQueryParam":             {SinkQueryValue, 2, 1},
			".Client.SetQueryParams":            {SinkQueryMap, 1, -1},
			".Client.SetPathParam":              {SinkQueryValue, 2, 1},
			".Client.SetPathParams":             {SinkQueryMap, 1, -1},
			".Client.SetHeader":                 {SinkHeaderValue, 2, 1},
			".Client.SetHeaders":                {SinkHeaderMap, 1, -1},
		})
		for _, recv := range []string{".Request", ".Client"} {
			addHeaderSetters(p, map[string]HeaderSetter{
				recv + ".SetHeader":            {Key: 1, Map: -1},
				recv + ".SetHeaderVerbatim":    {Key: 1, Map: -1},
				recv + ".SetHeaderAny":         {Key: 1, Map: -1},
				recv + ".SetHeaderVerbatimAny": {Key: 1, Map: -1},
				recv + ".SetHeaders":           {Key: -1, Map: 1},
				recv + ".SetHeaderMultiValues": {Key: -1, Map: 1},
			})
		}
		freshPools[p+".New"] = "resty.New()"
		libraryUses[lib] = restyUse
	}
}

// restyUse classifies the methods of resty's Client and Request: sending
// methods send, builders return a value that carries the client, Close
// releases it (v3).
func restyUse(fn *types.Func, sig *types.Signature) (valueflow.Use, bool) {
	p, name, recv := fn.Pkg().Path(), fn.Name(), sig.Recv().Type()
	switch {
	case typeutil.IsNamed(recv, p, "Client"):
		switch {
		case name == "Close":
			return valueflow.UseClose, true
		case name == "R" || name == "NewRequest" || name == "GetClient" || name == "Client" || returnsReceiverType(sig):
			return valueflow.UseDerive, true
		}
		return valueflow.UseRead, true
	case typeutil.IsNamed(recv, p, "Request"):
		switch name {
		case "Get", "Head", "Post", "Put", "Patch", "Delete", "Options", "Execute", "Send", "Trace", "Query":
			return valueflow.UseOperate, true
		}
		if returnsReceiverType(sig) {
			return valueflow.UseDerive, true
		}
		return valueflow.UseRead, true
	}
	return valueflow.UseUnknown, false
}
