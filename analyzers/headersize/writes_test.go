package headersize_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/httplint/httplint/analyzers/headersize"
)

// TestWriteCap: a query written in up to 512 places is weighed write by
// write (100 distinct 100-byte values make an oversized URL); one written
// in more (generated code) has an unknown length and is not reported,
// which keeps the cost of a long function linear.
func TestWriteCap(t *testing.T) {
	dir := t.TempDir()
	value := strings.Repeat("v", 100)
	for name, writes := range map[string]int{"fewwrites": 100, "manywrites": 600} {
		var b strings.Builder
		fmt.Fprintf(&b, "package %s\n\nimport (\n\t\"net/http\"\n\t\"net/url\"\n)\n\nfunc F() {\n\tq := url.Values{}\n", name)
		for i := 0; i < writes; i++ {
			fmt.Fprintf(&b, "\tq.Set(\"key%03d\", %q)\n", i, value)
		}
		want := ""
		if writes <= 512 {
			want = " // want `request URL is [0-9]+ bytes, over`"
		}
		fmt.Fprintf(&b, "\thttp.Get(\"http://example.com/?\" + q.Encode())%s\n}\n", want)
		pkgDir := filepath.Join(dir, "src", name)
		if err := os.MkdirAll(pkgDir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(pkgDir, name+".go"), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	analysistest.Run(t, dir, headersize.New(), "fewwrites", "manywrites")
}
