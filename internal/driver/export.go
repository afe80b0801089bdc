package driver

import (
	"bufio"
	"fmt"
	"go/token"
	"go/types"
	"os"

	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"
)

// exportFiles lists patterns and their dependencies (with their tests
// if tests) and returns the export data file of each package by import
// path. ok is false unless every package of need has one.
func exportFiles(cfg *packages.Config, patterns []string, tests bool, need []string) (exportFile map[string]string, ok bool) {
	exp := *cfg
	exp.Mode = packages.NeedName | packages.NeedExportFile | packages.NeedImports | packages.NeedDeps
	exp.Tests = tests
	listed, err := packages.Load(&exp, patterns...)
	if err != nil {
		return nil, false
	}
	exportFile = make(map[string]string)
	packages.Visit(listed, nil, func(p *packages.Package) {
		if p.ExportFile != "" && p.ID == p.PkgPath { // not a test variant
			exportFile[p.PkgPath] = p.ExportFile
		}
	})
	for _, p := range need {
		if exportFile[p] == "" {
			return nil, false
		}
	}
	return exportFile, true
}

// minBetweenSource is the size of Go source (bytes) from which a package
// between roots is read from export data rather than type-checked again
// without function bodies (see sourceLoader.readBetween). Checking
// without bodies still parses every body; reading export data costs in
// proportion to the declarations it names, its dependencies' included.
// Measured on std's tests and on the corpus: for the packages above this
// size, reading took 40 ms against 611 ms of checking (22 packages) and
// 221 ms against 509 ms (16); for the smaller ones, 35 ms against 164 ms
// (124) but 842 ms against 530 ms (589), and the export data read stays
// in memory with the package's types.
var minBetweenSource int64 = 64 << 10

// maxBetweenExport is the size of export data (bytes) above which a
// package between roots is type-checked without function bodies rather
// than read from it: the export data read stays in memory with the
// package's types, and the compiler's includes the bodies of inlinable
// functions (85 MB for the 4 MB of go-elasticsearch's esapi).
const maxBetweenExport = 16 << 20

// fileSize returns the size of the file name, or -1.
func fileSize(name string) int64 {
	fi, err := os.Stat(name)
	if err != nil {
		return -1
	}
	return fi.Size()
}

// readExportData reads the package path from its export data file,
// against the packages of against by path: an object the export data
// names in one of those is looked up there by name (and added to it when
// missing, as go/importer does for a package it has not read yet), and
// packages not in against are made anew and added to it.
func readExportData(fset *token.FileSet, against map[string]*types.Package, file, path string) (*types.Package, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// The go command's export files are compiler archives until Go 1.29
	// writes cmd/export files, which Read takes directly; NewReader
	// handles both.
	//lint:ignore SA1019 go list -export still names compiler archives in Go 1.26
	r, err := gcexportdata.NewReader(bufio.NewReader(f))
	if err != nil {
		return nil, fmt.Errorf("reading export data for %s: %v", path, err)
	}
	return gcexportdata.Read(r, fset, against, path)
}
