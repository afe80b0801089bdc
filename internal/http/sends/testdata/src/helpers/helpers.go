package helpers

import (
	"context"
	"net/http"
	"time"
)

// Deadline kinds in the expectations: 1 none, 2 has, 3 param.

func sendWith(ctx context.Context, c *http.Client, u string) { // want `sendWith: \(\*http.Client\).Do\(client=param1,deadline=3/0\)`
	req, _ := http.NewRequestWithContext(ctx, "GET", u, nil)
	c.Do(req)
}

func sendDefault(ctx context.Context, u string) { // want `sendDefault: \(\*http.Client\).Do\(client=param-1,deadline=3/0\)`
	req, _ := http.NewRequestWithContext(ctx, "GET", u, nil)
	http.DefaultClient.Do(req)
}

func sendBounded(u string) { // want `sendBounded: $`
	c := &http.Client{Timeout: time.Second}
	c.Get(u)
}

func sendVia(c *http.Client, u string) { // want `sendVia: \(\*http.Client\).Do\(client=param0,deadline=1/0\)`
	sendWith(context.Background(), c, u)
}
