package httplib

// Retry libraries that httplint models (see the retrypolicy analyzer's
// retrylib) or only knows as retry libraries: a call into one in a loop
// condition bounds the loop, on the retry path it waits.
var (
	// Backoff is cenkalti/backoff; v4 and v5 are modelled.
	Backoff = register(&Library{Name: "cenkalti/backoff", Path: "github.com/cenkalti/backoff", Kind: Retry})
	// RetryGo is avast/retry-go; v4 is modelled.
	RetryGo = register(&Library{Name: "avast/retry-go", Path: "github.com/avast/retry-go", Kind: Retry})
	// GoRetry is sethvargo/go-retry.
	GoRetry = register(&Library{Name: "sethvargo/go-retry", Path: "github.com/sethvargo/go-retry", Kind: Retry})

	_ = register(&Library{Name: "jpillora/backoff", Path: "github.com/jpillora/backoff", Kind: Retry})
	_ = register(&Library{Name: "k8s.io/apimachinery wait", Path: "k8s.io/apimachinery/pkg/util/wait", Kind: Retry})
	_ = register(&Library{Name: "k8s.io/client-go retry", Path: "k8s.io/client-go/util/retry", Kind: Retry})
)

// Import paths of the modelled major versions.
const (
	BackoffV4 = "github.com/cenkalti/backoff/v4"
	BackoffV5 = "github.com/cenkalti/backoff/v5"
	RetryGoV4 = "github.com/avast/retry-go/v4"
)
