// Package valuetypes holds clients declared as values (http.Client, not
// *http.Client): they are judged like &http.Client{}.
package valuetypes

import (
	"net/http"
	"time"
)

func literal(u string) {
	req, _ := http.NewRequest("GET", u, nil)
	client := http.Client{} // want `http\.Client has no Timeout and its requests no deadline; set Client\.Timeout`
	client.Do(req)          // related `request without a deadline sent here`
}

func literalWithTransport(u string, t http.RoundTripper) {
	req, _ := http.NewRequest("GET", u, nil)
	client := http.Client{Transport: t} // want `http\.Client has no Timeout and its requests no deadline; set Client\.Timeout`
	resp, err := client.Do(req)         // related `request without a deadline sent here`
	if err == nil {
		resp.Body.Close()
	}
}

func zeroVar(u string) {
	var c http.Client // want `http\.Client has no Timeout and its requests no deadline; set Client\.Timeout`
	c.Get(u)          // related `request without a deadline sent here`
}

// Negative cases: a Timeout on the value, set in the literal or later; a
// copy of a client from elsewhere; a variable reassigned from one
// bounded literal to another.

func literalTimeout(u string) {
	req, _ := http.NewRequest("GET", u, nil)
	client := http.Client{Timeout: 10 * time.Second}
	client.Do(req)
}

func timeoutLater(u string, d time.Duration) {
	client := http.Client{}
	client.Timeout = d
	client.Get(u)
}

func copied(u string, other http.Client) {
	client := other
	client.Get(u)
}

func reassigned(u string) {
	c := http.Client{Timeout: time.Second}
	c = http.Client{Timeout: 2 * time.Second}
	c.Get(u)
}
