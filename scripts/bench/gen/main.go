// Command gen writes a synthetic Go package for httplint's scaling
// benchmark: n functions that build clients and transports, send
// requests, retry, and build query strings, plus a call graph between
// them, so that every analyzer has work proportional to n.
//
// Usage: gen -n 2000 -o DIR (DIR gets go.mod and pkg/gen.go).
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"log"
	"os"
	"path/filepath"
)

func main() {
	n := flag.Int("n", 1000, "number of functions")
	out := flag.String("o", "", "output directory")
	flag.Parse()
	if *out == "" || *n < 1 {
		log.Fatal("usage: gen -n N -o DIR")
	}
	var b bytes.Buffer
	b.WriteString(`// Code written by scripts/bench/gen for the scaling benchmark.

package pkg

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"time"
)

var shared = &http.Client{Timeout: 10 * time.Second}

`)
	for i := 0; i < *n; i++ {
		next := (i + 1) % *n
		fmt.Fprintf(&b, `
type service%[1]d struct{ client *http.Client }

func newService%[1]d() *service%[1]d {
	t := &http.Transport{MaxIdleConns: %[1]d + 10, IdleConnTimeout: time.Minute}
	return &service%[1]d{client: &http.Client{Transport: t}}
}

func (s *service%[1]d) fetch(ctx context.Context, base string, ids []string) error {
	q := url.Values{}
	for _, id := range ids {
		q.Add("id", id)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"?"+q.Encode(), nil)
	if err != nil {
		return err
	}
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := s.client.Do(req)
		if err == nil && resp.StatusCode < 500 {
			resp.Body.Close()
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(attempt) * time.Second):
		}
	}
	return nil
}

func call%[1]d(base string, ids []string) error {
	s := newService%[1]d()
	if err := s.fetch(context.Background(), base, ids); err != nil {
		return err
	}
	req, _ := http.NewRequest(http.MethodPost, base, strings.NewReader("payload"))
	resp, err := shared.Do(req)
	if err == nil {
		resp.Body.Close()
	}
	if len(ids) > 1 {
		return call%[2]d(base, ids[1:])
	}
	return nil
}
`, i, next)
	}
	src, err := format.Source(b.Bytes())
	if err != nil {
		log.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(*out, "pkg"), 0o755); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*out, "go.mod"), []byte("module example.com/scale\n\ngo 1.26.0\n"), 0o644); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*out, "pkg", "gen.go"), src, 0o644); err != nil {
		log.Fatal(err)
	}
}
