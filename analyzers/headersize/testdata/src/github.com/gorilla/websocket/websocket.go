// Package websocket stubs github.com/gorilla/websocket.
package websocket

import (
	"net/http"
	"strings"
)

// Subprotocols returns the subprotocols the client requested, from its
// Sec-Websocket-Protocol header.
func Subprotocols(r *http.Request) []string {
	h := strings.TrimSpace(r.Header.Get("Sec-Websocket-Protocol"))
	if h == "" {
		return nil
	}
	return strings.Split(h, ",")
}
