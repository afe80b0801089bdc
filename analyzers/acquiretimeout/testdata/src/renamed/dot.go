package renamed

import (
	. "net/http"
)

func Dot(u string) {
	c := &Client{}
	req, _ := NewRequest("GET", u, nil)
	c.Do(req) // want `http.Client has no Timeout`
}
