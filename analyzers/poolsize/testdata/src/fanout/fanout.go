// Package fanout holds concurrent fan-outs over HTTP clients.
package fanout

import (
	"context"
	"net/http"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"
)

var client = &http.Client{Timeout: 10 * time.Second}

func fetch(u string) {
	if resp, err := client.Get(u); err == nil {
		resp.Body.Close()
	}
}

func PerURL(urls []string) {
	var wg sync.WaitGroup
	for _, u := range urls {
		wg.Add(1)
		go func() { // want `MaxIdleConnsPerHost is 2 \(the default\) for a goroutine per element of urls using an http.Client; raise it`
			defer wg.Done()
			fetch(u)
		}()
	}
	wg.Wait()
}

func Helpers(urls []string) {
	for _, u := range urls {
		go http.Get(u) // want `MaxIdleConnsPerHost is 2 \(the default\) for a goroutine per element of urls using http.DefaultClient; raise it`
	}
}

func Workers(ctx context.Context, jobs chan string) {
	for i := 0; i < 16; i++ {
		go func() { // want `MaxIdleConnsPerHost is 2 \(the default\) for 16 goroutines using an http.Client; raise it to 16`
			for u := range jobs {
				fetch(u)
			}
		}()
	}
}

func Group(ctx context.Context, urls []string) error {
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(16)
	for _, u := range urls {
		g.Go(func() error { // want `MaxIdleConnsPerHost is 2 \(the default\) for an errgroup of 16 goroutines \(SetLimit\) using an http.Client; raise it to 16`
			fetch(u)
			return nil
		})
	}
	return g.Wait()
}

func GroupNoLimit(urls []string) error {
	var g errgroup.Group
	for _, u := range urls {
		g.Go(func() error { // want `MaxIdleConnsPerHost is 2 \(the default\) for a goroutine per element of urls using an http.Client; raise it`
			fetch(u)
			return nil
		})
	}
	return g.Wait()
}

// Negative cases.

func GroupLimitFromConfig(limit int, urls []string) error {
	var g errgroup.Group
	g.SetLimit(limit)
	for _, u := range urls {
		g.Go(func() error { fetch(u); return nil })
	}
	return g.Wait()
}

func TwoWorkers(jobs chan string) {
	for i := 0; i < 2; i++ {
		go func() {
			for u := range jobs {
				fetch(u)
			}
		}()
	}
}

func WorkersFromConfig(n int, jobs chan string) {
	for i := 0; i < n; i++ {
		go func() {
			for u := range jobs {
				fetch(u)
			}
		}()
	}
}

var sized = &http.Client{
	Transport: &http.Transport{MaxIdleConnsPerHost: 32, IdleConnTimeout: time.Minute},
	Timeout:   10 * time.Second,
}

func Sized(urls []string) {
	for i := 0; i < 16; i++ {
		go func() {
			for _, u := range urls {
				if resp, err := sized.Get(u); err == nil {
					resp.Body.Close()
				}
			}
		}()
	}
}

func PerURLSized(urls []string) {
	for _, u := range urls {
		go sized.Get(u)
	}
}

func FixedArray(urls [2]string) {
	for _, u := range urls {
		go fetch(u)
	}
}

func Sequential(urls []string) {
	for _, u := range urls {
		fetch(u)
	}
}

func ClientFromParam(c *http.Client, urls []string) {
	for _, u := range urls {
		go c.Get(u)
	}
}

var capped = &http.Client{
	Transport: &http.Transport{MaxConnsPerHost: 2, IdleConnTimeout: time.Minute},
	Timeout:   10 * time.Second,
}

func Capped(urls []string) {
	for _, u := range urls {
		go capped.Get(u) // at most 2 connections exist: requests wait, nothing churns
	}
}
