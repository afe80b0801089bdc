package driver

import (
	"fmt"
	"go/importer"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/httplint/httplint/analyzers"
)

// A fragment is one statement shape the analyzers follow. "{BODY}" is
// replaced by nested fragments; "%d" by a number unique in the program.
type fragment struct {
	code string
	// returns: the fragment returns an error, so it can only appear
	// where the enclosing function returns one.
	returns bool
	// body: how the nested body may return. sameBody: as the
	// enclosing code; noReturn: a closure with no results; errReturn: a
	// closure that returns an error.
	body int
}

const (
	sameBody = iota
	noReturn
	errReturn
)

var fragments = []fragment{
	{code: "c = &http.Client{Timeout: time.Second}"},
	{code: "c.Transport = t"},
	{code: "t = &http.Transport{MaxConnsPerHost: 4}"},
	{code: "t.MaxIdleConnsPerHost = 100"},
	{code: "t = http.DefaultTransport.(*http.Transport).Clone()"},
	{code: "req, _ = http.NewRequestWithContext(ctx, http.MethodPost, \"http://example.com?\"+q.Encode(), strings.NewReader(\"b\"))"},
	{code: "if req != nil {\nresp, err = c.Do(req)\nif err == nil {\nresp.Body.Close()\n}\n}"},
	{code: "for _, id := range ids {\nq.Add(\"id\", id)\n}"},
	{code: "for i := 0; i < 3; i++ {\n{BODY}\n}"},
	{code: "for {\n{BODY}\nif err == nil {\nbreak\n}\n}"},
	{code: "func() {\n{BODY}\n}()", body: noReturn},
	{code: "go func() {\n{BODY}\n}()", body: noReturn},
	{code: "f%d := func(c *http.Client) error {\n{BODY}\nreturn err\n}\nerr = f%d(c)", body: errReturn},
	{code: "select {\ncase <-ctx.Done():\nreturn ctx.Err()\ncase <-time.After(time.Second):\n}", returns: true},
	{code: "time.Sleep(time.Second)"},
	{code: "if len(ids) > 10 {\nreturn nil\n}", returns: true},
	{code: "c = orDefault(c)"},
	{code: "resp, err = c.Get(\"http://example.com\")"},
	{code: "if req != nil {\nreq.Header.Add(\"X-Ids\", strings.Join(ids, \",\"))\n}"},
	{code: "if err != nil {\nreturn err\n}", returns: true},
	{code: "defer t.CloseIdleConnections()"},
	{code: "ctx, _ = context.WithTimeout(ctx, time.Second)"},
	{code: "err = send(c, req)"},
	{code: "c = &http.Client{Transport: &wrapper{base: t}}"},
}

// program builds a package from data: each byte picks a fragment, and
// fragments with a body take the bytes that follow, up to a nesting
// depth and a size that keep programs small.
func program(data []byte) string {
	var b strings.Builder
	b.WriteString(`package fuzz

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"time"
)

var (
	_ = strings.NewReader
	_ = time.Second
)

type wrapper struct{ base http.RoundTripper }

func (w *wrapper) RoundTrip(r *http.Request) (*http.Response, error) { return w.base.RoundTrip(r) }

func orDefault(c *http.Client) *http.Client {
	if c == nil {
		return http.DefaultClient
	}
	return c
}

func send(c *http.Client, req *http.Request) error {
	if req == nil {
		return nil
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func F(ctx context.Context, ids []string) error {
	c := &http.Client{}
	t := &http.Transport{}
	var req *http.Request
	var resp *http.Response
	var err error
	q := url.Values{}
`)
	pos, id, count := 0, 0, 0
	var body func(depth int, returns bool) string
	body = func(depth int, returns bool) string {
		var out []string
		for pos < len(data) && count < 48 {
			op := data[pos]
			pos++
			if op == 0xff { // end of this body
				break
			}
			fr := fragments[int(op)%len(fragments)]
			if fr.returns && !returns {
				continue
			}
			count++
			code := fr.code
			if strings.Contains(code, "%d") {
				id++
				code = strings.ReplaceAll(code, "%d", fmt.Sprint(id))
			}
			if strings.Contains(code, "{BODY}") {
				inner := ""
				if depth < 5 {
					inner = body(depth+1, fr.body == errReturn || fr.body == sameBody && returns)
				}
				code = strings.Replace(code, "{BODY}", inner, 1)
			}
			out = append(out, code)
		}
		return strings.Join(out, "\n")
	}
	b.WriteString(body(0, true))
	b.WriteString("\n_, _, _, _, _ = c, t, req, resp, q\nreturn err\n}\n")
	return b.String()
}

// fuzzImporter reads the standard library's export data once for all
// programs.
var fuzzImporter = sync.OnceValues(func() (*token.FileSet, types.Importer) {
	fset := token.NewFileSet()
	return fset, importer.ForCompiler(fset, "gc", nil)
})

// FuzzAnalyzers builds small programs from the shapes the analyzers
// follow (clients, transports and their wrappers, requests, sends through
// helpers and closures, retry loops, waits, query and header growth),
// runs every analyzer on them, and checks that none fails or panics
// (under test, lint.Protect lets panics through) and that the analysis of
// one program allocates no more than a fixed budget.
func FuzzAnalyzers(f *testing.F) {
	for _, seed := range [][]byte{
		{},
		{9, 6, 14, 0xff, 7, 18, 5, 6},
		{8, 9, 10, 11, 12, 6, 17, 13, 0xff, 0xff, 0xff, 0xff, 1, 2, 3, 20},
		{23, 5, 22, 9, 22, 15, 19, 0xff, 21, 4, 1, 16, 17},
		{12, 12, 12, 12, 12, 6, 9, 6},
		{10, 10, 10, 10, 10, 10, 1, 6, 17},
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) { analyzeProgram(t, data) })
}

// analyzeProgram runs every analyzer on program(data), failing t if one
// fails or the analysis allocates more than its budget, and returns the
// number of findings.
func analyzeProgram(t *testing.T, data []byte) int {
	const budget = 512 << 20 // bytes allocated per program
	src := program(data)
	dir := t.TempDir()
	file := filepath.Join(dir, "fuzz.go")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	fset, imp := fuzzImporter()
	var mu sync.Mutex
	imports := make(map[string]*packages.Package)
	meta := &packages.Package{ID: "fuzz", Name: "fuzz", PkgPath: "fuzz", GoFiles: []string{file}, CompiledGoFiles: []string{file}}
	pkg := checkPackage(meta, fset, types.SizesFor("gc", runtime.GOARCH), true, func(path string) (*types.Package, error) {
		mu.Lock()
		defer mu.Unlock()
		tp, err := imp.Import(path)
		if err == nil {
			imports[path] = &packages.Package{ID: path, Name: tp.Name(), PkgPath: path, Types: tp, Fset: fset,
				TypesSizes: types.SizesFor("gc", runtime.GOARCH), Imports: map[string]*packages.Package{}}
		}
		return tp, err
	})
	pkg.Imports = imports
	if len(pkg.Errors) > 0 {
		t.Fatalf("the generated program does not type-check: %v\n%s", pkg.Errors, src)
	}

	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	outs := schedule(unitsOf([]*packages.Package{pkg}), analyzers.Suite().Analyzers())
	runtime.ReadMemStats(&after)
	findings := 0
	for _, o := range outs {
		if o.err != nil {
			t.Errorf("%s: %v\n%s", o, o.err, src)
		}
		if o.root {
			findings += len(o.diags)
		}
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > budget {
		t.Errorf("the analysis allocated %d MB (budget %d MB) on:\n%s", n>>20, budget>>20, src)
	}
	return findings
}

// TestFuzzProgramsAnalysed: the programs FuzzAnalyzers builds are
// analysed for real: a retry loop with no bound around a send through a
// client with no timeout is reported.
func TestFuzzProgramsAnalysed(t *testing.T) {
	if n := analyzeProgram(t, []byte{9, 6, 0xff}); n == 0 {
		t.Errorf("no finding on:\n%s", program([]byte{9, 6, 0xff}))
	}
}
