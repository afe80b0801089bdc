module example.com/retryold

go 1.26.0

require github.com/cenkalti/backoff/v4 v4.1.3
