package strictparams

import (
	"context"
	"net/http"
)

func FromParam(ctx context.Context, u string) {
	req, _ := http.NewRequestWithContext(ctx, "GET", u, nil)
	http.DefaultClient.Do(req) // want `http.DefaultClient has no Timeout and this request's context may lack a deadline; set Client.Timeout`
}
