package perrequest

import (
	"net/http"
	"time"
)

// A value-typed client built per call: its transport is a new pool each
// time, whichever copy of the client sends.
func valueClient(u string) error {
	c := http.Client{Transport: &http.Transport{}, Timeout: time.Second} // want `http.Transport creates a new pool per call of valueClient \(no IdleConnTimeout\); create it once and reuse it`
	resp, err := c.Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The copy is kept in a package variable: one pool, reused.
var kept http.Client

func keepValueClient() {
	c := http.Client{Transport: &http.Transport{}, Timeout: time.Second}
	kept = c
	resp, err := kept.Get("http://x")
	if err == nil {
		resp.Body.Close()
	}
}

// Copied into a struct that is returned: the caller keeps the pool.
type holder struct{ c http.Client }

func newHolder() *holder {
	h := &holder{}
	c := http.Client{Transport: &http.Transport{}, Timeout: time.Second}
	h.c = c
	if resp, err := h.c.Get("http://x"); err == nil {
		resp.Body.Close()
	}
	return h
}

// poll builds its client once per call and sends on every tick: the pool
// serves the whole loop and closes idle connections after a minute.
func poll(done <-chan struct{}, u string) {
	c := http.Client{Transport: &http.Transport{IdleConnTimeout: time.Minute}, Timeout: time.Second}
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			if resp, err := c.Get(u); err == nil {
				resp.Body.Close()
			}
		case <-done:
			return
		}
	}
}

// fetchEach builds a pool per call and loops over items with it: with no
// IdleConnTimeout each call's pool keeps its idle connections.
func fetchEach(urls []string) {
	c := http.Client{Transport: &http.Transport{}, Timeout: time.Second} // want `http.Transport creates a new pool per call of fetchEach \(no IdleConnTimeout\); create it once and reuse it`
	for _, u := range urls {
		if resp, err := c.Get(u); err == nil {
			resp.Body.Close()
		}
	}
}
