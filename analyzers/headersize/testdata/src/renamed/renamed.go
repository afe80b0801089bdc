// Package renamed uses renamed and dot imports.
package renamed

import (
	h "net/http"
	. "net/url"
	str "strings"
)

func Renamed(base string, ids []string) {
	q := Values{}
	for _, id := range ids {
		q.Add("id", id)
	}
	h.Get(base + "?" + q.Encode()) // want `request URL grows with len\(ids\) \(q.Add in a loop\); send ids in batches or in a request body`
	req, _ := h.NewRequest("GET", base, nil)
	req.Header.Set("X-Ids", str.Join(ids, ",")) // want `header X-Ids grows with len\(ids\) \(str.Join\); send ids in batches or in a request body`
}

type Header = h.Header

func Alias(req *h.Request, ids []string) {
	var hd Header = req.Header
	hd.Set("X-Ids", str.Join(ids, ",")) // want `header X-Ids grows with len\(ids\) \(str.Join\); send ids in batches or in a request body`
}
