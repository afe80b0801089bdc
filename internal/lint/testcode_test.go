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
