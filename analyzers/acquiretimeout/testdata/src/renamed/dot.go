package renamed

import (
	. "net/http"
)

func Dot(u string) {
	c := &Client{}
	req, _ := NewRequest("GET", u, nil)
	c.Do(req) // want `http.Client has no Timeout and this request no deadline; set Client.Timeout or pass a context with a deadline`
}
