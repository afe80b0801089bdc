package perrequest

import (
	"context"
	"net/http"
	"strings"
	"time"
)

// Pools built per iteration of a loop that pauses a minute or more
// between iterations: the server has closed one iteration's connections
// before the next opens more.

// joinPool re-joins a pool: a minute after an error, the eviction time
// the pool returns after a success, an hour otherwise.
func joinPool(pool string, evictionIn func() time.Duration) {
	for {
		c := &http.Client{Transport: &http.Transport{}, Timeout: time.Minute}
		resp, err := c.Post(pool, "application/json", strings.NewReader("{}"))
		if err != nil {
			time.Sleep(time.Minute)
			continue
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK {
			time.Sleep(evictionIn())
			continue
		}
		time.Sleep(time.Hour)
	}
}

type reporter struct {
	url   string
	force chan struct{}
}

// send builds a pool per report; Serve sends one report a day.
func (r *reporter) send(ctx context.Context) error {
	c := &http.Client{Transport: &http.Transport{}, Timeout: time.Minute}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, r.url, strings.NewReader("{}"))
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (r *reporter) Serve(ctx context.Context) error {
	t := time.NewTimer(time.Minute)
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-r.force:
			t.Reset(0)
		case <-t.C:
			if err := r.send(ctx); err != nil {
				println(err.Error())
			}
			t.Reset(24 * time.Hour)
		}
	}
}

// pollFast pauses a second between iterations: a pool per iteration.
func pollFast(u string) {
	for {
		c := &http.Client{Transport: &http.Transport{}, Timeout: time.Minute} // want `creates a new pool per loop iteration`
		if resp, err := c.Get(u); err == nil {
			resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
}

// pollSometimes pauses long on one path only: the other iterates at
// once.
func pollSometimes(u string) {
	for {
		c := &http.Client{Transport: &http.Transport{}, Timeout: time.Minute} // want `creates a new pool per loop iteration`
		resp, err := c.Get(u)
		if err != nil {
			continue
		}
		resp.Body.Close()
		time.Sleep(time.Hour)
	}
}

// pollComputed pauses only for a duration computed at run time: nothing
// shows the pause is long.
func pollComputed(u string, every time.Duration) {
	for {
		c := &http.Client{Transport: &http.Transport{}, Timeout: time.Minute} // want `creates a new pool per loop iteration`
		if resp, err := c.Get(u); err == nil {
			resp.Body.Close()
		}
		time.Sleep(every)
	}
}

type ticker struct{ url string }

// fetch is called on every tick of a 10 s timer: a pool per call.
func (tk *ticker) fetch() {
	c := &http.Client{Transport: &http.Transport{}, Timeout: time.Minute} // want `creates a new pool per call of fetch`
	if resp, err := c.Get(tk.url); err == nil {
		resp.Body.Close()
	}
}

func (tk *ticker) Run(ctx context.Context) {
	t := time.NewTimer(0)
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			tk.fetch()
			t.Reset(10 * time.Second)
		}
	}
}
