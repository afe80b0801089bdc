package lint

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"
)

// testSupportElems are the import path elements that name packages of
// test support: helpers, fakes, mocks and test servers that only tests
// use, outside _test.go files.
var testSupportElems = map[string]bool{
	"test": true, "tests": true, "testing": true, "testutil": true, "testutils": true,
	"testhelper": true, "testhelpers": true, "testlib": true, "testsupport": true,
	"testserver": true, "testservers": true, "testenv": true, "testcommon": true,
	"testfixtures": true, "e2e": true, "e2eutil": true, "e2eutils": true, "e2etest": true,
	"e2etests": true, "integrationtest": true, "fake": true, "fakes": true, "mock": true,
	"mocks": true,
}

// IsTestSupportPath reports whether the package at import path is test
// support by its name: an element of the path is one of testSupportElems
// (".../internal/testutil", ".../test/e2e/framework", ".../fake"), or
// names a test program ("test-binary-hook", "e2e_test").
func IsTestSupportPath(path string) bool {
	for elem := range strings.SplitSeq(path, "/") {
		if testSupportElems[elem] {
			return true
		}
		for _, sep := range []string{"-", "_"} {
			if strings.HasPrefix(elem, "test"+sep) || strings.HasSuffix(elem, sep+"test") {
				return true
			}
		}
	}
	return false
}

// testHarnesses are the import paths (and path prefixes, ending in "/")
// of packages that only test code uses: package testing, assertion and
// BDD frameworks, and libraries that start servers in containers for a
// test run.
var testHarnesses = []string{
	"testing",
	"github.com/stretchr/testify/",
	"github.com/onsi/ginkgo", "github.com/onsi/gomega",
	"gotest.tools/",
	"github.com/ory/dockertest",
	"github.com/testcontainers/testcontainers-go",
	"github.com/crossdock/crossdock-go",
}

// importsTesting reports whether f imports a test harness (package
// testing, a test framework, a test-container library): outside a
// _test.go file, a file of test helpers (functions that take a
// testing.TB, test servers that fail the test, a container a test run
// starts).
func importsTesting(f *ast.File) bool {
	for _, imp := range f.Imports {
		path, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			continue
		}
		for _, h := range testHarnesses {
			if path == h || strings.HasPrefix(path, h+"/") || (strings.HasSuffix(h, "/") && strings.HasPrefix(path, h)) {
				return true
			}
		}
	}
	return false
}

// testFuncs returns the extents of the functions in f that take a
// *testing.T, *testing.B, *testing.F or testing.TB (a type alias of one
// included), whose bodies are test code wherever they are.
func testFuncs(f *ast.File, info *types.Info) [][2]token.Pos {
	if info == nil {
		return nil
	}
	var out [][2]token.Pos
	ast.Inspect(f, func(n ast.Node) bool {
		var ft *ast.FuncType
		switch n := n.(type) {
		case *ast.FuncDecl:
			ft = n.Type
		case *ast.FuncLit:
			ft = n.Type
		default:
			return true
		}
		for _, field := range ft.Params.List {
			if isTestingType(info.TypeOf(field.Type)) {
				out = append(out, [2]token.Pos{n.Pos(), n.End()})
				return false
			}
		}
		return true
	})
	return out
}

// isTestingType reports whether t is testing.TB, or a pointer to
// testing.T, B or F.
func isTestingType(t types.Type) bool {
	if t == nil {
		return false
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "testing" {
		return false
	}
	switch n.Obj().Name() {
	case "T", "B", "F", "TB":
		return true
	}
	return false
}
