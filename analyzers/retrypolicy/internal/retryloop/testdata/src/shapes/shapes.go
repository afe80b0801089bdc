package shapes

import (
	"context"
	"time"
)

func attempt(x int) error { return nil }

func untilSuccess() {
	for {
		if attempt(1) == nil { // want `retry bounds=0 attempts=0 waits=\[\]`
			return
		}
	}
}

func counter() {
	for i := 0; i < 3; i++ {
		if attempt(1) == nil { // want `retry bounds=1 attempts=3 waits=\[1\]`
			return
		}
		time.Sleep(time.Second)
	}
}

func counterAfter() {
	for i := 0; ; i++ {
		if attempt(1) == nil { // want `retry bounds=1 attempts=4 waits=\[\]`
			return
		}
		if i >= 3 {
			return
		}
	}
}

func ctxLoop(ctx context.Context) {
	for {
		if attempt(1) == nil { // want `retry bounds=2 attempts=0 waits=\[4\]`
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
	}
}

func items(xs []int) {
	for _, x := range xs {
		if attempt(x) == nil { // want `not a retry`
			return
		}
	}
}

func everyTime() {
	for {
		if attempt(1) != nil { // want `not a retry`
			continue
		}
		time.Sleep(time.Second)
	}
}

func noLoop() {
	attempt(1) // want `not a retry`
}
