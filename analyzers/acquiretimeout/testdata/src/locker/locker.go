// Package locker is a distributed lock over HTTP with a sync.Locker
// adapter, the shape of buildkite's lock package and etcd's
// concurrency.NewLocker.
package locker

import (
	"context"
	"net/http"
	"sync"
)

// Client talks to the lock server.
type Client struct {
	hc   *http.Client // no Timeout
	base string
}

// New returns a Client for the lock server at base.
func New(base string) *Client { return &Client{hc: &http.Client{}, base: base} }

// Acquire takes the lock named key; ctx bounds the wait.
func (c *Client) Acquire(ctx context.Context, key string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/lock/"+key, nil)
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Release gives the lock back.
func (c *Client) Release(ctx context.Context, key string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodDelete, c.base+"/lock/"+key, nil)
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Locker returns a sync.Locker for key: Lock waits as long as
// sync.Mutex.Lock does, so the background context is deliberate.
func (c *Client) Locker(key string) sync.Locker { return &locker{c: c, key: key} }

type locker struct {
	c   *Client
	key string
}

func (l *locker) Lock() {
	if err := l.c.Acquire(context.Background(), l.key); err != nil {
		panic(err)
	}
}

func (l *locker) Unlock() {
	func() {
		if err := l.c.Release(context.Background(), l.key); err != nil {
			panic(err)
		}
	}()
}

// Job has a Lock method but is no sync.Locker (it returns an error):
// its callers can take an error, so a stalled server should end in one.
type Job struct{ c *Client }

// NewJob returns a Job with a client of its own.
func NewJob(base string) *Job {
	return &Job{c: &Client{hc: &http.Client{}, base: base}}
}

// Lock takes the job's lock.
func (j *Job) Lock() error {
	return j.c.Acquire(context.Background(), "job") // want `Client.Acquire uses an http.Client \(no Timeout\) and this context has no deadline`
}
