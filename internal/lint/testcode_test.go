package lint

import (
	"go/parser"
	"go/token"
	"testing"
)

func TestImportsTesting(t *testing.T) {
	for _, tc := range []struct {
		imp  string
		want bool
	}{
		{"testing", true},
		{"testing/fstest", true},
		{"github.com/stretchr/testify/require", true},
		{"github.com/onsi/gomega", true},
		{"github.com/onsi/ginkgo/v2", true},
		{"github.com/ory/dockertest/v3", true},
		{"github.com/testcontainers/testcontainers-go/modules/redis", true},
		{"net/http", false},
		{"github.com/stretchr/testifyx", false},
		{"github.com/ory/dockertester", false},
		{"github.com/onsi/ginkgox", false},
	} {
		src := "package p\nimport _ \"" + tc.imp + "\"\n"
		f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		if got := importsTesting(f); got != tc.want {
			t.Errorf("importsTesting(import %q) = %v, want %v", tc.imp, got, tc.want)
		}
	}
}

func TestIsTestSupportPath(t *testing.T) {
	for path, want := range map[string]bool{
		"example.com/m/internal/testutil":                         true,
		"example.com/m/internal/job/integration/test-binary-hook": true,
		"example.com/m/tools/e2e_test":                            true,
		"example.com/m/internal/integration":                      false,
		"example.com/m/pkg/contest":                               false,
		"example.com/m/pkg/testimonials":                          false,
		"example.com/m/cmd/latest":                                false,
	} {
		if got := IsTestSupportPath(path); got != want {
			t.Errorf("IsTestSupportPath(%q) = %v, want %v", path, got, want)
		}
	}
}
