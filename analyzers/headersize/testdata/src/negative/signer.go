package negative

import (
	"net/http"
	"strings"

	"example.com/lib"
)

// A signature that lists the request's own header names (AWS SigV4's
// SignedHeaders): no longer than the names the request already carries.
func sign(req *http.Request, secret string) {
	toSign := map[string][]string{"host": {req.Host}}
	for k, v := range req.Header {
		toSign[strings.ToLower(k)] = v
	}
	names := lib.KeysSorted(toSign)
	req.Header.Set("Authorization", "AWS4-HMAC-SHA256 SignedHeaders="+strings.Join(names, ";")+", Signature="+secret)
}

// Sign is the exported entry point that signs a caller's request.
func Sign(req *http.Request, secret string) { sign(req, secret) }
