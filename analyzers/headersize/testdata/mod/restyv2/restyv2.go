// Package restyv2 holds resty v2 cases.
package restyv2

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/go-resty/resty/v2"
)

func QueryParam(c *resty.Client, u string, ids []string) {
	c.R().SetQueryParam("ids", strings.Join(ids, ",")).Get(u) // want `request URL grows with len\(ids\) \(strings.Join\); send ids in batches or in a request body`
}

func QueryValues(c *resty.Client, u string, ids []int) {
	q := url.Values{}
	for _, id := range ids {
		q.Add("id", strconv.Itoa(id))
	}
	c.R().SetQueryParamsFromValues(q).Get(u) // want `request URL grows with len\(ids\) \(q.Add in a loop\); send ids in batches or in a request body`
}

func QueryMap(c *resty.Client, u string, ids []string) {
	params := map[string]string{}
	for i, id := range ids {
		params["id"+strconv.Itoa(i)] = id
	}
	c.R().SetQueryParams(params).Get(u) // want `request URL grows with len\(ids\) \(params\["id" \+ strconv.Itoa\(i\)\] = … in a loop\); send ids in batches or in a request body`
}

func PerElement(c *resty.Client, u string, ids []string) {
	r := c.R()
	for i, id := range ids {
		r.SetQueryParam("id"+strconv.Itoa(i), id) // want `request URL grows with len\(ids\) \(r.SetQueryParam in a loop\); send ids in batches or in a request body`
	}
	r.Get(u)
}

func Header(c *resty.Client, u string, ids []string) {
	c.R().SetHeader("X-Ids", strings.Join(ids, ",")).Get(u) // want `header X-Ids grows with len\(ids\) \(strings.Join\); send ids in batches or in a request body`
	r := c.R()
	r.Header.Set("X-Ids", strings.Join(ids, ";"))                               // want `header X-Ids grows with len\(ids\) \(strings.Join\); send ids in batches or in a request body`
	c.R().SetHeaders(map[string]string{"X-Ids": strings.Join(ids, " ")}).Get(u) // want `request headers grow with len\(ids\) \(strings.Join\); send ids in batches or in a request body`
}

func URL(c *resty.Client, base string, ids []string) {
	c.R().Get(base + "/" + strings.Join(ids, ","))                // want `request URL grows with len\(ids\) \(strings.Join\); send ids in batches or in a request body`
	c.R().Execute("GET", base+"?"+url.Values{"id": ids}.Encode()) // want `request URL grows with len\(ids\) \(the url.Values literal\); send ids in batches or in a request body`
}

// Silent: body, constant key overwritten, named parameters, batches.
func Silent(c *resty.Client, u string, ids []string, params map[string]string) {
	c.R().SetBody(ids).Post(u)
	r := c.R()
	for _, id := range ids {
		r.SetQueryParam("last", id)
	}
	c.R().SetQueryParams(params).Get(u)
	for i := 0; i < len(ids); i += 100 {
		c.R().SetQueryParam("ids", strings.Join(ids[i:min(i+100, len(ids))], ",")).Get(u)
	}
}

func Oversized(c *resty.Client, u string) {
	c.R().SetQueryParam("q", strings.Repeat("x", 9000)).Get(u) // want `request URL is at least 9000 bytes, over the 8192-byte proxy limit; shorten it or send the data in a request body`
}
