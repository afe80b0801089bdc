// Package deps pins the retry libraries the testdata imports.
package deps

import (
	_ "github.com/avast/retry-go/v4"
	_ "github.com/cenkalti/backoff/v4"
	_ "github.com/cenkalti/backoff/v5"
	_ "github.com/failsafe-go/failsafe-go"
	_ "github.com/failsafe-go/failsafe-go/failsafehttp"
	_ "github.com/go-resty/resty/v2"
	_ "github.com/gojek/heimdall/v7/httpclient"
	_ "github.com/hashicorp/go-retryablehttp"
	_ "github.com/sethvargo/go-retry"
	_ "resty.dev/v3"
)
