package lint

import (
	"fmt"
	"strconv"
	"strings"
)

// List is a comma-separated list flag ("a,b,c"). Empty elements are an
// error.
type List []string

// String implements flag.Value.
func (l *List) String() string {
	if l == nil {
		return ""
	}
	return strings.Join(*l, ",")
}

// Set implements flag.Value.
func (l *List) Set(s string) error {
	var out List
	if strings.TrimSpace(s) != "" {
		for _, e := range strings.Split(s, ",") {
			e = strings.TrimSpace(e)
			if e == "" {
				return fmt.Errorf("empty element in list %q", s)
			}
			out = append(out, e)
		}
	}
	*l = out
	return nil
}

// MatchPackage reports whether import path matches one of patterns: a
// pattern is an exact import path, or ends in "/..." to match a path and
// everything below it.
func MatchPackage(patterns []string, path string) bool {
	for _, p := range patterns {
		if base, ok := strings.CutSuffix(p, "/..."); ok {
			if path == base || strings.HasPrefix(path, base+"/") {
				return true
			}
		} else if p == path {
			return true
		}
	}
	return false
}

// AtLeast is an integer flag that rejects values below Min.
type AtLeast struct {
	P   *int
	Min int
}

// String implements flag.Value.
func (f AtLeast) String() string {
	if f.P == nil {
		return ""
	}
	return strconv.Itoa(*f.P)
}

// Set implements flag.Value.
func (f AtLeast) Set(s string) error {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return fmt.Errorf("%q is not an integer", s)
	}
	if n < f.Min {
		return fmt.Errorf("%d is below the minimum %d", n, f.Min)
	}
	*f.P = n
	return nil
}
