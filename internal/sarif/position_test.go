package sarif_test

import (
	"go/token"
	"strings"
)

// position returns the token.Position of byte offset off in src.
func position(file, src string, off int) token.Position {
	line := 1 + strings.Count(src[:off], "\n")
	col := off - (strings.LastIndex(src[:off], "\n") + 1) + 1
	return token.Position{Filename: file, Offset: off, Line: line, Column: col}
}
