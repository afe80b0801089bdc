package lint

import (
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
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

// A testHarness is the import path (or path prefix, ending in "/") of a
// package that only test code uses: package testing, assertion, mock
// and BDD frameworks, and libraries that start servers in containers
// for a test run.
type testHarness struct {
	path string
	// drives is set for the frameworks that run or check tests (not
	// package testing, whose helpers sit beside production code, nor
	// testify's mock, whose mocks do): a package with a file that imports
	// one is a test package as a whole, its other files the clients and
	// servers that the harness drives.
	drives bool
}

var testHarnesses = []testHarness{
	{"testing", false},
	{"github.com/stretchr/testify/mock", false},
	{"github.com/stretchr/testify/", true},
	{"github.com/onsi/ginkgo", true}, {"github.com/onsi/gomega", true},
	{"gotest.tools/", true},
	{"github.com/ory/dockertest", true},
	{"github.com/testcontainers/testcontainers-go", true},
	{"github.com/crossdock/crossdock-go", true},
}

// A testImport says what test harness a file imports.
type testImport int

const (
	noTestImport testImport = iota
	helperImport            // package testing or a mock framework
	driverImport            // a framework that runs or checks tests
)

// importsTesting reports what test harness f imports: outside a
// _test.go file, a file that imports one holds test helpers (functions
// that take a testing.TB, test servers that fail the test, a container
// a test run starts); with a driverImport, its whole package is test
// support.
func importsTesting(f *ast.File) testImport {
	kind := noTestImport
	for _, imp := range f.Imports {
		path, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			continue
		}
		for _, h := range testHarnesses {
			if path == h.path || strings.HasPrefix(path, h.path+"/") || (strings.HasSuffix(h.path, "/") && strings.HasPrefix(path, h.path)) {
				if h.drives {
					return driverImport
				}
				kind = helperImport
				break
			}
		}
	}
	return kind
}

// holdsProductionAPI reports whether f, a file outside _test.go that
// imports package testing (and no mock framework), also declares the
// package's production API: an exported function, or an exported method
// of a type with no field of a testing type, that takes no testing.TB.
// Such a file keeps its test helpers beside the code they test (thanos'
// objstore providers: NewTestBucket(t testing.TB, ...) next to
// NewBucket); only the helpers, the functions that take a testing.TB,
// are test code there (testFuncs).
func holdsProductionAPI(f *ast.File, info *types.Info) bool {
	if info == nil {
		return false
	}
	for _, imp := range f.Imports {
		if path, err := strconv.Unquote(imp.Path.Value); err == nil && path != "testing" && importsTesting(&ast.File{Imports: []*ast.ImportSpec{imp}}) != noTestImport {
			return false // a mock framework: the file holds mocks
		}
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || !fd.Name.IsExported() || takesTestingType(fd.Type, info) {
			continue
		}
		if fd.Recv != nil && len(fd.Recv.List) == 1 && holdsTestingField(info.TypeOf(fd.Recv.List[0].Type)) {
			continue
		}
		return true
	}
	return false
}

// takesTestingType reports whether a function of type ft has a
// parameter of a testing type.
func takesTestingType(ft *ast.FuncType, info *types.Info) bool {
	for _, field := range ft.Params.List {
		if isTestingType(info.TypeOf(field.Type)) {
			return true
		}
	}
	return false
}

// holdsTestingField reports whether t, or the type it points to, is a
// struct with a field of a testing type (a test server that fails the
// test it holds).
func holdsTestingField(t types.Type) bool {
	if t == nil {
		return false
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if isTestingType(st.Field(i).Type()) {
			return true
		}
	}
	return false
}

// testFuncs returns the extents of the functions in f that take a
// *testing.T, *testing.B, *testing.F or testing.TB (a type alias of one
// included), and of the methods of a type that holds one (a test
// server), whose bodies are test code wherever they are.
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
		if fd, ok := n.(*ast.FuncDecl); ok && fd.Recv != nil && len(fd.Recv.List) == 1 && holdsTestingField(info.TypeOf(fd.Recv.List[0].Type)) {
			// A method of a test server that fails the test it holds.
			out = append(out, [2]token.Pos{n.Pos(), n.End()})
			return false
		}
		if takesTestingType(ft, info) {
			out = append(out, [2]token.Pos{n.Pos(), n.End()})
			return false
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

// generatedMarker matches the line that marks a file as generated, as
// go generate's documentation gives it, anywhere in a text.
var generatedMarker = regexp.MustCompile(`(?m)^// Code generated .* DO NOT EDIT\.$`)

// isCodeGenerator reports whether pkg, with files, is a code generator:
// a command that writes Go files marked as generated, such as the tools
// that //go:generate directives run. Its text holds the marker it writes
// ("// Code generated by go generate; DO NOT EDIT.", in a template or a
// format string). Like test support, a generator runs on a developer's
// machine, where a stalled download is interrupted by hand, not in
// production.
func isCodeGenerator(pkg *types.Package, files []*ast.File) bool {
	if pkg == nil || pkg.Name() != "main" {
		return false
	}
	for _, f := range files {
		found := false
		ast.Inspect(f, func(n ast.Node) bool {
			if found {
				return false
			}
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			if s, err := strconv.Unquote(lit.Value); err == nil && generatedMarker.MatchString(s) {
				found = true
			}
			return false
		})
		if found {
			return true
		}
	}
	return false
}

// importsOwnTestSupport reports whether a file of the package other than
// its _test.go files imports a package of the same module (module) that
// is test support by its path (IsTestSupportPath of the path inside the
// module): production code does not import its own test helpers, so the
// importer is test support too, such as cortex's integration/e2ecortex,
// the clients and service definitions of its end-to-end tests built on
// integration/e2e. module is the module path; "" (unknown) reports false.
func importsOwnTestSupport(fset *token.FileSet, files []*ast.File, module string) bool {
	if module == "" {
		return false
	}
	for _, f := range files {
		if tf := fset.File(f.FileStart); tf != nil && strings.HasSuffix(tf.Name(), "_test.go") {
			continue
		}
		for _, imp := range f.Imports {
			path, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				continue
			}
			if rel, ok := strings.CutPrefix(path, module+"/"); ok && IsTestSupportPath(rel) {
				return true
			}
		}
	}
	return false
}

// drivesTests reports whether a file of the package other than its
// _test.go files imports a framework that runs or checks tests (a
// crossdock or testcontainers driver, testify's assertions, ginkgo):
// the package is test support, such as an end-to-end test driver whose
// other files hold the clients of the services under test.
func drivesTests(fset *token.FileSet, files []*ast.File) bool {
	for _, f := range files {
		if tf := fset.File(f.FileStart); tf != nil && strings.HasSuffix(tf.Name(), "_test.go") {
			continue
		}
		if importsTesting(f) == driverImport {
			return true
		}
	}
	return false
}
