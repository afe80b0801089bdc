package negative

import (
	"net/http"
	"strings"

	"github.com/gorilla/websocket"
)

// Lists read from the headers of a request are bounded by those
// headers, whose size the server that received the request limits:
// copying them into another request echoes that input rather than
// growing without bound.

// createSPDYRequest is k8s apiserver's streamtunnel: one header line
// per SPDY subprotocol that the incoming WebSocket request asked for.
func createSPDYRequest(req *http.Request, spdyProtocols ...string) *http.Request {
	clone := req.Clone(req.Context())
	clone.Header.Del("Sec-Websocket-Protocol")
	for i := range spdyProtocols {
		clone.Header.Add("X-Stream-Protocol-Version", spdyProtocols[i])
	}
	return clone
}

func spdyProtocolsFromWebsocketProtocols(req *http.Request) []string {
	var spdyProtocols []string
	for _, protocol := range websocket.Subprotocols(req) {
		if strings.HasPrefix(protocol, "SPDY/3.1+") {
			spdyProtocols = append(spdyProtocols, strings.TrimPrefix(protocol, "SPDY/3.1+"))
		}
	}
	return spdyProtocols
}

func tunnel(req *http.Request) (*http.Response, error) {
	return http.DefaultTransport.RoundTrip(createSPDYRequest(req, spdyProtocolsFromWebsocketProtocols(req)...))
}

// forwardValues copies one header's values from the incoming request.
func forwardValues(in *http.Request) (*http.Response, error) {
	out, err := http.NewRequestWithContext(in.Context(), http.MethodGet, "http://upstream/", nil)
	if err != nil {
		return nil, err
	}
	for _, v := range in.Header.Values("X-Tag") {
		out.Header.Add("X-Tag", v)
	}
	for _, c := range in.Cookies() {
		out.Header.Add("X-Cookie-Name", c.Name)
	}
	return http.DefaultTransport.RoundTrip(out)
}
