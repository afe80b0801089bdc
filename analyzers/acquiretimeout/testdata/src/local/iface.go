package local

import "net/http"

// An interface the function fills on one path only: which client sends
// is decided at run time.
func interfaceOnePath(d doer, u string, own bool) {
	if own {
		d = &http.Client{}
	}
	req, _ := http.NewRequest("GET", u, nil)
	d.Do(req)
}
