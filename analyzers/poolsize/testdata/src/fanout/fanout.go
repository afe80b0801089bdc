// Package fanout holds concurrent fan-outs over HTTP clients.
package fanout

import (
	"context"
	"fmt"
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

// API sends to the one host of its base URL.
type API struct {
	base string
}

func (a *API) item(id string) {
	if resp, err := client.Get(a.base + "/items/" + id); err == nil {
		resp.Body.Close()
	}
}

// Items against one base URL: every goroutine hits the same host.

const base = "https://api.example.com"

func PerItem(ids []string) {
	var wg sync.WaitGroup
	for _, id := range ids {
		wg.Add(1)
		go func() { // want `MaxIdleConnsPerHost is 2 \(the default\) for a goroutine per element of ids to one host using an http.Client; cap them and raise it to the cap`
			defer wg.Done()
			fetch(base + "/items/" + id)
		}()
	}
	wg.Wait()
}

func PerItemHelpers(ids []string) {
	for _, id := range ids {
		go http.Get(fmt.Sprintf("https://api.example.com/items/%s", id)) // want `MaxIdleConnsPerHost is 2 \(the default\) for a goroutine per element of ids to one host using http.DefaultClient`
	}
}

func (a *API) Workers(ctx context.Context, jobs chan string) {
	for i := 0; i < 16; i++ {
		go func() { // want `MaxIdleConnsPerHost is 2 \(the default\) for 16 goroutines to one host using an http.Client; raise it to 16 or run fewer`
			for id := range jobs {
				a.item(id)
			}
		}()
	}
}

func (a *API) Group(ctx context.Context, ids []string) error {
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(16)
	for _, id := range ids {
		g.Go(func() error { // want `MaxIdleConnsPerHost is 2 \(the default\) for an errgroup of 16 goroutines \(SetLimit\) to one host using an http.Client; raise it to 16 or lower the limit`
			a.item(id)
			return nil
		})
	}
	return g.Wait()
}

func GroupNoLimit(baseURL string, ids []string) error {
	var g errgroup.Group
	for _, id := range ids {
		g.Go(func() error { // want `MaxIdleConnsPerHost is 2 \(the default\) for a goroutine per element of ids to one host using an http.Client`
			fetch(baseURL + "/items/" + id)
			return nil
		})
	}
	return g.Wait()
}

// Negative cases.

// One goroutine per URL, server or node: a host each, one request at a
// time to each, so the per-host idle limit never binds.

func PerURL(urls []string) {
	var wg sync.WaitGroup
	for _, u := range urls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fetch(u)
		}()
	}
	wg.Wait()
}

func Helpers(urls []string) {
	for _, u := range urls {
		go http.Get(u)
	}
}

type Node struct{ Addr string }

func PerNode(nodes []Node) {
	for _, n := range nodes {
		go fetch("http://" + n.Addr + "/metrics")
	}
}

func PerServer(servers map[string]string) error {
	var g errgroup.Group
	g.SetLimit(16)
	for name, u := range servers {
		g.Go(func() error {
			fetch(u + "/health?name=" + name)
			return nil
		})
	}
	return g.Wait()
}

// Workers that take whole URLs from a channel: the hosts are the data's.
func Workers(ctx context.Context, jobs chan string) {
	for i := 0; i < 16; i++ {
		go func() {
			for u := range jobs {
				fetch(u)
			}
		}()
	}
}

func GroupLimitFromConfig(limit int, ids []string) error {
	var g errgroup.Group
	g.SetLimit(limit)
	for _, id := range ids {
		g.Go(func() error { fetch(base + "/items/" + id); return nil })
	}
	return g.Wait()
}

func TwoWorkers(jobs chan string) {
	for i := 0; i < 2; i++ {
		go func() {
			for id := range jobs {
				fetch(base + "/items/" + id)
			}
		}()
	}
}

func WorkersFromConfig(n int, jobs chan string) {
	for i := 0; i < n; i++ {
		go func() {
			for id := range jobs {
				fetch(base + "/items/" + id)
			}
		}()
	}
}

var sized = &http.Client{
	Transport: &http.Transport{MaxIdleConnsPerHost: 32, IdleConnTimeout: time.Minute},
	Timeout:   10 * time.Second,
}

func Sized(ids []string) {
	for i := 0; i < 16; i++ {
		go func() {
			for _, id := range ids {
				if resp, err := sized.Get(base + "/items/" + id); err == nil {
					resp.Body.Close()
				}
			}
		}()
	}
}

func PerItemSized(ids []string) {
	for _, id := range ids {
		go sized.Get(base + "/items/" + id)
	}
}

func FixedArray(ids [2]string) {
	for _, id := range ids {
		go fetch(base + "/items/" + id)
	}
}

func Sequential(ids []string) {
	for _, id := range ids {
		fetch(base + "/items/" + id)
	}
}

func ClientFromParam(c *http.Client, ids []string) {
	for _, id := range ids {
		go c.Get(base + "/items/" + id)
	}
}

var capped = &http.Client{
	Transport: &http.Transport{MaxConnsPerHost: 2, IdleConnTimeout: time.Minute},
	Timeout:   10 * time.Second,
}

func Capped(ids []string) {
	for _, id := range ids {
		go capped.Get(base + "/items/" + id) // at most 2 connections exist: requests wait, nothing churns
	}
}
