// Package ssabuild builds the SSA form of one analysis pass's package on
// demand.
//
// Unlike golang.org/x/tools/go/analysis/passes/buildssa, which every
// package would pay for, httplint builds SSA only for the packages whose
// imports show they can involve an HTTP client. It also refuses to build
// for packages with type errors, where go/ssa may panic, and turns any
// panic during construction into an error so that an analyzer can stay
// silent instead of crashing the driver.
package ssabuild

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Build constructs the SSA package for pass and returns it with every
// source function, anonymous functions included, in source order.
func Build(pass *analysis.Pass) (pkg *ssa.Package, funcs []*ssa.Function, err error) {
	if len(pass.TypeErrors) > 0 {
		return nil, nil, fmt.Errorf("package %s has type errors", pass.Pkg.Path())
	}
	if pass.TypesInfo == nil || pass.Pkg == nil {
		return nil, nil, fmt.Errorf("no type information")
	}
	defer func() {
		if r := recover(); r != nil {
			pkg, funcs, err = nil, nil, fmt.Errorf("building SSA for %s: %v", pass.Pkg.Path(), r)
		}
	}()

	// BareInits: the package initializer does not call the imported
	// packages' initializers, so only the imports whose functions and
	// variables the package names need an SSA package (see referenced).
	prog := ssa.NewProgram(pass.Fset, ssa.BareInits)
	for _, p := range referenced(pass) {
		prog.CreatePackage(p, nil, nil, true)
	}
	pkg = prog.CreatePackage(pass.Pkg, pass.Files, pass.TypesInfo, false)
	pkg.Build()

	var add func(f *ssa.Function)
	add = func(f *ssa.Function) {
		funcs = append(funcs, f)
		for _, anon := range f.AnonFuncs {
			add(anon)
		}
	}
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			d, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			obj, ok := pass.TypesInfo.Defs[d.Name].(*types.Func)
			if !ok {
				continue
			}
			if f := prog.FuncValue(obj); f != nil {
				add(f)
			}
		}
	}
	// Package initializers hold the stores to package-level variables.
	if init := pkg.Func("init"); init != nil {
		add(init)
	}
	return pkg, funcs, nil
}

// referenced returns the packages whose package-level functions or
// variables pass's syntax names, in import order: go/ssa needs an SSA
// package for those (a name resolves to its Function or Global), and
// for no other import. Methods, including those of imported types, are
// created on demand, and constants and types need no SSA package.
//
// Creating the SSA package of an import costs time and memory in
// proportion to the import's size, on every package that imports it: a
// package that imports a large API package for its types alone would pay
// for every method of every type in it.
func referenced(pass *analysis.Pass) []*types.Package {
	need := make(map[*types.Package]bool)
	for _, obj := range pass.TypesInfo.Uses {
		p := obj.Pkg()
		if p == nil || p == pass.Pkg || need[p] || obj.Parent() != p.Scope() {
			continue // universe, local, already seen, or not package-level
		}
		switch obj.(type) {
		case *types.Func, *types.Var:
			need[p] = true
		}
	}
	var pkgs []*types.Package
	for _, p := range pass.Pkg.Imports() {
		if need[p] {
			pkgs = append(pkgs, p)
		}
	}
	return pkgs
}
