package httplib

import "go/types"

// OAuth2 is golang.org/x/oauth2 v0.38.0: its clients send through the
// client a context carries under oauth2.HTTPClient, else through
// http.DefaultClient (internal/transport.go:23-33, ContextClient),
// wrapped in an oauth2.Transport that adds the token; NewClient copies
// that client's Timeout, 0 for DefaultClient (oauth2.go:353-367; before
// v0.28.0 it copies only its Transport, dropping any Timeout: v0.27.0's
// oauth2.go:355-365).
var OAuth2 = register(&Library{Name: "x/oauth2", Path: "golang.org/x/oauth2", Kind: Client})

// A ContextClient is a function that returns an *http.Client configured
// from the client its context argument carries (x/oauth2's
// Config.Client).
type ContextClient struct {
	// Name names the function in messages: "oauth2.Config.Client".
	Name string
	// Ctx is the index of the context argument, the receiver first.
	Ctx int
}

var contextClients = map[string]ContextClient{}

func init() {
	p := OAuth2.Path
	contextClients[p+".NewClient"] = ContextClient{Name: "oauth2.NewClient", Ctx: 0}
	contextClients[p+".Config.Client"] = ContextClient{Name: "oauth2.Config.Client", Ctx: 1}
	contextClients[p+"/clientcredentials.Config.Client"] = ContextClient{Name: "clientcredentials.Config.Client", Ctx: 1}
}

// ContextClientOf returns the context client function that fn is, if any.
func ContextClientOf(fn *types.Func) (ContextClient, bool) {
	_, key := funcOf(fn)
	c, ok := contextClients[key]
	return c, ok
}
