package growth

import (
	"net/http"
	"strings"
)

// ListOptions carries the caller's list: a field of a parameter is the
// caller's input like the parameter itself.
type ListOptions struct {
	IDs []string
}

func ListByIDs(base string, opts *ListOptions) (*http.Request, error) {
	return http.NewRequest(http.MethodGet, base+"?ids="+strings.Join(opts.IDs, ","), nil) // want `request URL grows with len\(opts.IDs\) \(strings.Join\); send opts.IDs in batches or in a request body`
}
