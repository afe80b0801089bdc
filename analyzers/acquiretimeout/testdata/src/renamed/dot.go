package renamed

import (
	. "net/http"
)

func Dot(u string) {
	c := &Client{} // want `http\.Client has no Timeout and its requests no deadline; set Client\.Timeout`
	req, _ := NewRequest("GET", u, nil)
	c.Do(req) // related `request without a deadline sent here`
}
