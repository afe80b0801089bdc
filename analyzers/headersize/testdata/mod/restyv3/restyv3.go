// Package restyv3 holds resty v3 cases.
package restyv3

import (
	"strings"

	"resty.dev/v3"
)

func QueryParam(c *resty.Client, u string, ids []string) {
	c.R().SetQueryParam("ids", strings.Join(ids, ",")).Get(u) // want `request URL grows with len\(ids\) \(strings.Join\); send ids in batches or in a request body`
	c.R().SetURL(u + "?ids=" + strings.Join(ids, ",")).Send() // want `request URL grows with len\(ids\) \(strings.Join\); send ids in batches or in a request body`
	c.R().SetHeader("X-Ids", strings.Join(ids, ",")).Get(u)   // want `header X-Ids grows with len\(ids\) \(strings.Join\); send ids in batches or in a request body`
}

func Silent(c *resty.Client, u string, ids []string) {
	c.R().SetBody(ids).Post(u)
	c.R().SetQueryParam("n", "1").Get(u)
}
