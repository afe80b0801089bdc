package loops

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// waitFor polls url until it answers 2xx, as zarf's wait-for command
// does: a first delay of 100 ms, then the interval its callers pass.
// Cancellation waits at most one interval.
func waitFor(ctx context.Context, url string, interval time.Duration) error {
	delay := 100 * time.Millisecond
	for {
		time.Sleep(delay)
		delay = interval
		select {
		case <-ctx.Done():
			return errors.New("interrupted")
		default:
		}
		resp, err := http.Get(url)
		if err != nil {
			continue
		}
		resp.Body.Close()
		if resp.StatusCode/100 == 2 {
			return nil
		}
	}
}

// WaitReady polls every second: a cancelled caller waits a second at
// most, so the sleep is not reported.
func WaitReady(ctx context.Context, url string) error {
	return waitFor(ctx, url, time.Second)
}

// pollSlowly waits half a minute between attempts, the interval its
// only caller passes: a cancelled caller waits that long.
func pollSlowly(ctx context.Context, url string, interval time.Duration) error {
	for {
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode/100 == 2 {
				return nil
			}
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		time.Sleep(interval) // want `time.Sleep in this retry loop ignores ctx; select on ctx.Done\(\) and a timer`
	}
}

func WaitSlowly(ctx context.Context, url string) error {
	return pollSlowly(ctx, url, 30*time.Second)
}
