// Command gen writes a synthetic Go package for httplint's scaling
// benchmark, whose analysis work should grow linearly with n:
//
//	-shape functions  n functions that build clients and transports, send
//	                  requests, retry, and build query strings, plus a call
//	                  graph between them (the default)
//	-shape nesting    one function with closures nested n deep, each of
//	                  which captures the client, sends and retries; the
//	                  innermost one configures the client's transport
//	-shape chain      a chain of n helpers that pass the client and the
//	                  request down to the one that sends
//	-shape long       one function of n statements that configure and use
//	                  one client and one transport
//	-shape clients    one function that builds n clients and sends with each
//	-shape loops      one function with n retry loops
//	-shape packages   n packages of 50 functions each (as -shape functions),
//	                  each importing the one before and taking its client
//	                  from it, so that summaries flow down the chain; the
//	                  cost per package should stay the same as n grows
//
// Usage: gen [-shape S] -n N -o DIR (DIR gets go.mod and pkg/gen.go, or
// for -shape packages pkg/p0/gen.go to pkg/pN-1/gen.go).
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"log"
	"os"
	"path/filepath"
	"strings"
)

func main() {
	n := flag.Int("n", 1000, "size: functions, nesting depth, chain length, statements, clients, loops or packages")
	shape := flag.String("shape", "functions", "functions, nesting, chain, long, clients, loops or packages")
	out := flag.String("o", "", "output directory")
	flag.Parse()
	if *out == "" || *n < 1 {
		log.Fatal("usage: gen [-shape S] -n N -o DIR")
	}
	shapes := map[string]func(*bytes.Buffer, int){
		"functions": functions,
		"nesting":   nesting,
		"chain":     chain,
		"long":      long,
		"clients":   clients,
		"loops":     loops,
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*out, "go.mod"), []byte("module example.com/scale\n\ngo 1.26.0\n"), 0o644); err != nil {
		log.Fatal(err)
	}
	if *shape == "packages" {
		for i := 0; i < *n; i++ {
			var b bytes.Buffer
			chainedPackage(&b, i)
			write(filepath.Join(*out, "pkg", fmt.Sprintf("p%d", i)), b.Bytes())
		}
		return
	}
	gen, ok := shapes[*shape]
	if !ok {
		log.Fatalf("unknown -shape %q: want functions, nesting, chain, long, clients, loops or packages", *shape)
	}
	var b bytes.Buffer
	gen(&b, *n)
	write(filepath.Join(*out, "pkg"), b.Bytes())
}

// write formats src and writes it to dir/gen.go.
func write(dir string, src []byte) {
	src, err := format.Source(src)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "gen.go"), src, 0o644); err != nil {
		log.Fatal(err)
	}
}

// chainedPackage writes package p<i>: 50 functions as -shape functions
// writes them, and New, which returns the client of package p<i-1> (p0
// builds one with a pool limit and no timeout), used by Get.
func chainedPackage(b *bytes.Buffer, i int) {
	var body bytes.Buffer
	functions(&body, 50)
	src := strings.Replace(body.String(), "package pkg\n", fmt.Sprintf("package p%d\n", i), 1)
	if i > 0 {
		src = strings.Replace(src, "import (\n", fmt.Sprintf("import (\n\tprev \"example.com/scale/pkg/p%d\"\n", i-1), 1)
	}
	b.WriteString(src)
	if i == 0 {
		b.WriteString(`
// New returns a client whose pool waits without a deadline.
func New() *http.Client {
	return &http.Client{Transport: &http.Transport{MaxConnsPerHost: 8}}
}
`)
	} else {
		b.WriteString(`
// New returns the client of the package before.
func New() *http.Client { return prev.New() }
`)
	}
	b.WriteString(`
// Get sends with New's client and no deadline.
func Get(base string) error {
	resp, err := New().Get(base)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
`)
}

const header = `// Code written by scripts/bench/gen for the scaling benchmark.

package pkg

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"time"
)

var (
	_ = context.Background
	_ = url.Values{}
	_ = strings.NewReader
	_ = time.Second
)

`

// functions writes n functions that each build a client and a
// transport, send, retry and build a query string, calling each other.
func functions(b *bytes.Buffer, n int) {
	b.WriteString(header + `var shared = &http.Client{Timeout: 10 * time.Second}

`)
	for i := 0; i < n; i++ {
		next := (i + 1) % n
		fmt.Fprintf(b, `
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
}

// nesting writes one function whose closures nest n deep; each captures
// the client, sends and retries, and the innermost sets its transport.
func nesting(b *bytes.Buffer, n int) {
	b.WriteString(header + "func Nested(ctx context.Context) {\n\tc := &http.Client{}\n\tt := &http.Transport{MaxConnsPerHost: 4}\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(b, "f%d := func() {\n", i)
		b.WriteString("for {\nresp, err := c.Get(\"http://example.com\")\nif err == nil {\nresp.Body.Close()\nbreak\n}\n}\n")
	}
	b.WriteString("c.Transport = t\n")
	for i := n - 1; i >= 0; i-- {
		fmt.Fprintf(b, "}\nf%d()\n", i)
	}
	b.WriteString("}\n")
}

// chain writes n helpers, each passing the client and the request to the
// next; the last one sends.
func chain(b *bytes.Buffer, n int) {
	b.WriteString(header + "func Start() {\n\tc := &http.Client{}\n\treq, _ := http.NewRequest(http.MethodGet, \"http://example.com\", nil)\n\tfor {\n\t\tif err := step0(c, req); err == nil {\n\t\t\treturn\n\t\t}\n\t}\n}\n\n")
	for i := 0; i < n-1; i++ {
		fmt.Fprintf(b, "func step%d(c *http.Client, req *http.Request) error {\n\treturn step%d(c, req)\n}\n\n", i, i+1)
	}
	fmt.Fprintf(b, "func step%d(c *http.Client, req *http.Request) error {\n\tresp, err := c.Do(req)\n\tif err != nil {\n\t\treturn err\n\t}\n\treturn resp.Body.Close()\n}\n", n-1)
}

// long writes one function of n statements that configure one transport
// and client and send through them.
func long(b *bytes.Buffer, n int) {
	b.WriteString(header + "func Long(ctx context.Context, base string) {\n\tt := &http.Transport{}\n\tc := &http.Client{Transport: t}\n\tq := url.Values{}\n")
	for i := 0; i < n; i++ {
		switch i % 4 {
		case 0:
			fmt.Fprintf(b, "t.MaxIdleConns = %d\n", i+1)
		case 1:
			fmt.Fprintf(b, "q.Set(\"k%d\", base)\n", i%16)
		case 2:
			fmt.Fprintf(b, "if resp, err := c.Get(base + \"?\" + q.Encode()); err == nil {\nresp.Body.Close()\n}\n")
		case 3:
			fmt.Fprintf(b, "c.Timeout = %d * time.Second\n", i)
		}
	}
	b.WriteString("}\n")
}

// clients writes one function that builds n clients and sends with each.
func clients(b *bytes.Buffer, n int) {
	b.WriteString(header + "func Clients(ctx context.Context) {\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(b, "c%[1]d := &http.Client{Transport: &http.Transport{MaxConnsPerHost: %[1]d + 1}}\n", i)
		fmt.Fprintf(b, "if resp, err := c%d.Get(\"http://example.com\"); err == nil {\nresp.Body.Close()\n}\n", i)
	}
	b.WriteString("}\n")
}

// loops writes one function with n retry loops around one client.
func loops(b *bytes.Buffer, n int) {
	b.WriteString(header + "func Loops(ctx context.Context, c *http.Client) {\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(b, "for attempt := 0; attempt < %d; attempt++ {\n", i+2)
		b.WriteString("req, _ := http.NewRequestWithContext(ctx, http.MethodPost, \"http://example.com\", strings.NewReader(\"x\"))\n")
		b.WriteString("resp, err := c.Do(req)\nif err == nil {\nresp.Body.Close()\nbreak\n}\ntime.Sleep(time.Second)\n}\n")
	}
	b.WriteString("}\n")
}
