// Package errgroup is a copy of the API of golang.org/x/sync/errgroup
// (the methods the analyzer recognises), for GOPATH-mode tests.
package errgroup

import (
	"context"
	"sync"
)

type Group struct {
	wg  sync.WaitGroup
	sem chan struct{}
	err error
	mu  sync.Mutex
}

func WithContext(ctx context.Context) (*Group, context.Context) { return &Group{}, ctx }

func (g *Group) SetLimit(n int) {
	if n >= 0 {
		g.sem = make(chan struct{}, n)
	}
}

func (g *Group) Go(f func() error) {
	if g.sem != nil {
		g.sem <- struct{}{}
	}
	g.wg.Add(1)
	go func() {
		defer g.wg.Done()
		if g.sem != nil {
			defer func() { <-g.sem }()
		}
		if err := f(); err != nil {
			g.mu.Lock()
			if g.err == nil {
				g.err = err
			}
			g.mu.Unlock()
		}
	}()
}

func (g *Group) Wait() error {
	g.wg.Wait()
	return g.err
}
