// Package flagutil provides option types that work both as command-line
// flags and as golangci-lint plugin settings (JSON).
package flagutil

import (
	"encoding/json"
	"fmt"
	"strings"
)

// List is a comma-separated list of strings. As a flag it is set from
// "a,b,c"; in JSON it accepts either that string or an array of strings.
type List []string

// String implements flag.Value.
func (l *List) String() string {
	if l == nil {
		return ""
	}
	return strings.Join(*l, ",")
}

// Set implements flag.Value. Empty elements are an error.
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

// UnmarshalJSON accepts a string ("a,b") or an array of strings.
func (l *List) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err == nil {
		return l.Set(s)
	}
	var arr []string
	if err := json.Unmarshal(data, &arr); err != nil {
		return fmt.Errorf("want a comma-separated string or a list of strings, got %s", data)
	}
	return l.Set(strings.Join(arr, ","))
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
	return fmt.Sprint(*f.P)
}

// Set implements flag.Value.
func (f AtLeast) Set(s string) error {
	var n int
	if _, err := fmt.Sscan(s, &n); err != nil || fmt.Sprint(n) != strings.TrimSpace(s) {
		return fmt.Errorf("%q is not an integer", s)
	}
	if n < f.Min {
		return fmt.Errorf("%d is below the minimum %d", n, f.Min)
	}
	*f.P = n
	return nil
}
