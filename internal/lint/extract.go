package lint

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
)

// MustExtract returns the documentation of analyzer name from the Go
// source of a doc.go file, laid out as in golang.org/x/tools' passes:
//
//	// Package name defines an Analyzer that ...
//	//
//	// # Analyzer name
//	//
//	// name: one-line summary
//	//
//	// Longer description ...
//	package name
//
// The result is the summary line without its "name: " prefix, then the
// rest of the section. It panics if the section is missing or
// malformed, which a test of every analyzer catches.
func MustExtract(src, name string) string {
	doc, err := Extract(src, name)
	if err != nil {
		panic(err)
	}
	return doc
}

// Extract is like MustExtract but returns an error.
func Extract(src, name string) (string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", src, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		return "", err
	}
	return extractFromDoc(f.Doc, name)
}

func extractFromDoc(cg *ast.CommentGroup, name string) (string, error) {
	if cg == nil {
		return "", fmt.Errorf("doc.go has no package documentation")
	}
	text := cg.Text()
	for _, section := range strings.Split(text, "\n# ")[1:] {
		heading, body, _ := strings.Cut(section, "\n")
		if strings.TrimSpace(heading) != "Analyzer "+name {
			continue
		}
		body = strings.TrimSpace(body)
		summary, rest, _ := strings.Cut(body, "\n")
		prefix := name + ": "
		if !strings.HasPrefix(summary, prefix) {
			return "", fmt.Errorf("section %q must start with %q", heading, prefix)
		}
		return strings.TrimSpace(summary[len(prefix):] + "\n" + rest), nil
	}
	return "", fmt.Errorf("doc.go has no \"# Analyzer %s\" section", name)
}
