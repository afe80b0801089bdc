package deadlines

import (
	"context"
	"net/http"
	"time"
)

func ctxDeadline(context.Context) {}
func reqDeadline(*http.Request)   {}

func contexts(ctx context.Context) {
	ctxDeadline(context.Background()) // want `ctxDeadline: none`
	t, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	ctxDeadline(t)   // want `ctxDeadline: has`
	ctxDeadline(ctx) // want `ctxDeadline: param0`
	c, cancel2 := context.WithCancel(context.TODO())
	defer cancel2()
	ctxDeadline(c) // want `ctxDeadline: none`
}

func requests(ctx context.Context, u string) {
	r1, _ := http.NewRequest("GET", u, nil)
	reqDeadline(r1) // want `reqDeadline: none`
	t, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	r2 := r1.WithContext(t)
	reqDeadline(r2) // want `reqDeadline: has`
	r3, _ := http.NewRequestWithContext(ctx, "GET", u, nil)
	reqDeadline(r3)       // want `reqDeadline: param0`
	reqDeadline(build(u)) // want `reqDeadline: has`
}

// build returns a request with a deadline: callers see it through its
// summary.
func build(u string) *http.Request {
	ctx, _ := context.WithTimeout(context.Background(), time.Minute) //nolint
	r, _ := http.NewRequestWithContext(ctx, "GET", u, nil)
	return r
}
