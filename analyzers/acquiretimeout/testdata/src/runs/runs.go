// Package runs holds findings marked by how their code runs.
package runs

import "net/http"

type proxy struct{}

func (p *proxy) ServeHTTP(w http.ResponseWriter, r *http.Request) { // related `reached from the HTTP handler \(\*proxy\).ServeHTTP`
	forward(r.URL.String())
}

func forward(u string) {
	c := &http.Client{} // want `http.Client has no Timeout and its requests no deadline; set Client.Timeout`
	c.Get(u)            // related `request without a deadline sent here`
}

func Register(mux *http.ServeMux) {
	mux.HandleFunc("/ping", func(w http.ResponseWriter, r *http.Request) { // related `reached from the HTTP handler literal in Register`
		c := new(http.Client) // want `http.Client has no Timeout and its requests no deadline`
		c.Get("http://backend/ping")
	})
}

// Exported: its callers are not seen, nothing is said.
func Fetch(u string) {
	c := new(http.Client) // want `http.Client has no Timeout and its requests no deadline`
	c.Get(u)
}
