// Package lib stands for a helper library of another package:
// functions whose bodies the analysed package does not see.
package lib

import (
	"cmp"
	"slices"
)

// KeysSorted returns the keys of m in order.
func KeysSorted[K cmp.Ordered, V any](m map[K]V) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// Uniq returns xs without repeated elements.
func Uniq(xs []string) []string {
	var out []string
	for _, x := range xs {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}

// Lines returns the lines of the file at path.
func Lines(path string) []string { return nil }
