package driver

import (
	"encoding/json"
	"go/types"
	"path/filepath"

	"golang.org/x/tools/go/packages"
)

// A package that imports "C" is type-checked, when it is not analysed,
// against a fake "C" (types.Config.FakeImportC): what uses C gets an
// invalid type, without errors, and cgo need not run. That is what its
// importers see unless its API itself names a C type (func Int() C.int):
// an importer that used such a function would then be ill-typed. So a
// package whose exported API holds an invalid type is type-checked again
// from the Go files cgo generates for it (cgoFiles), as go/packages does.

// cgoImports are the packages that the files cgo generates import besides
// the package's own imports.
var cgoImports = []string{"runtime/cgo", "syscall"}

// apiInvalid reports whether the API of pkg, its exported package-level
// objects, exported fields and methods, holds an invalid type.
func apiInvalid(pkg *types.Package) bool {
	seen := make(map[types.Type]bool)
	var invalid func(t types.Type) bool
	invalid = func(t types.Type) bool {
		if t == nil || seen[t] {
			return false
		}
		seen[t] = true
		switch t := t.(type) {
		case *types.Basic:
			return t.Kind() == types.Invalid
		case *types.Alias:
			return invalid(types.Unalias(t))
		case *types.Named:
			if t.Obj().Pkg() != pkg {
				return false // checked in its own package
			}
			for m := range t.Methods() {
				if m.Exported() && invalid(m.Type()) {
					return true
				}
			}
			return invalid(t.Underlying())
		case *types.Pointer:
			return invalid(t.Elem())
		case *types.Slice:
			return invalid(t.Elem())
		case *types.Array:
			return invalid(t.Elem())
		case *types.Chan:
			return invalid(t.Elem())
		case *types.Map:
			return invalid(t.Key()) || invalid(t.Elem())
		case *types.Signature:
			return invalid(t.Params()) || invalid(t.Results())
		case *types.Tuple:
			for v := range t.Variables() {
				if invalid(v.Type()) {
					return true
				}
			}
		case *types.Struct:
			for f := range t.Fields() {
				if (f.Exported() || f.Embedded()) && invalid(f.Type()) {
					return true
				}
			}
		case *types.Interface:
			for m := range t.Methods() {
				if invalid(m.Type()) {
					return true
				}
			}
		}
		return false
	}
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		if obj := scope.Lookup(name); obj.Exported() && invalid(obj.Type()) {
			return true
		}
	}
	return false
}

// cgoFiles returns the Go files the go command compiles for the package
// path, which uses cgo: go list -compiled runs cgo on it (not the
// compiler), as go/packages does for LoadSyntax. It returns nil if go
// list fails.
func cgoFiles(cfg *packages.Config, path string) []string {
	out, err := goList(cfg, []string{"-e", "-compiled", "-json=Dir,CompiledGoFiles"}, []string{path})
	if err != nil {
		return nil
	}
	var p struct {
		Dir             string
		CompiledGoFiles []string
	}
	if json.Unmarshal(out, &p) != nil {
		return nil
	}
	files := make([]string, len(p.CompiledGoFiles))
	for i, f := range p.CompiledGoFiles {
		if !filepath.IsAbs(f) {
			f = filepath.Join(p.Dir, f)
		}
		files[i] = f
	}
	return files
}
