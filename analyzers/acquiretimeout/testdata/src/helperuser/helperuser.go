// Package helperuser calls the helpers of another package.
package helperuser

import (
	"context"
	"net/http"
	"time"

	"helpers"
)

func Notify(url string) error {
	return helpers.PostCustom(context.Background(), url, &http.Client{}, "{}") // want `http.Client has no Timeout and its requests no deadline; set Client.Timeout`
}

func NotifyCtx(url string) error {
	return helpers.PostCtx(context.TODO(), url, "{}") // want `helpers.PostCustom uses http.DefaultClient \(no Timeout\) and this context has no deadline; give it a deadline`
}

func NotifyTimed(url string) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	return helpers.PostCtx(ctx, url, "{}")
}

func Status(ctx context.Context, a *helpers.API) {
	a.StatusCtx(ctx)
	a.StatusCtx(context.Background()) // want `helpers.API.get uses an http.Client \(no Timeout\) and this context has no deadline; give it a deadline`
}
