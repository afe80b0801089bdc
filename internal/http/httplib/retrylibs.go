package httplib

// Retry libraries that httplint knows only as retry libraries (those it
// models have a file of their own): a call into one in a loop condition
// bounds the loop, on the retry path it waits.
var (
	_ = register(&Library{Name: "jpillora/backoff", Path: "github.com/jpillora/backoff", Kind: Retry})
	_ = register(&Library{Name: "k8s.io/apimachinery wait", Path: "k8s.io/apimachinery/pkg/util/wait", Kind: Retry})
)
