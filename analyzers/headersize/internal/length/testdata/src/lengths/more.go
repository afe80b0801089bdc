package lengths

import (
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// After a loop over ids, ids is still unbounded: the loop's exit test is
// not a length guard.
func AfterLoop(ids []string) {
	for range ids {
	}
	countOf(ids) // want `countOf: grows\(ids\)`
}

// A loop that shrinks the list until it is small is a guard.
func Shrink(ids []string) {
	for len(ids) > 10 {
		ids = ids[1:]
	}
	countOf(ids) // want `countOf: 0..10`
}

func Mirror(ids []string) {
	if 5 <= len(ids) {
		return
	}
	countOf(ids) // want `countOf: 0..4`
}

func Yield(ids []int, set map[int]bool) {
	var b strings.Builder
	for id := range slices.Values(ids) {
		b.WriteString(strconv.Itoa(id))
	}
	bytesOf(b.String()) // want `bytesOf: grows\(ids: b.WriteString in a loop over it\) @36`
	var c strings.Builder
	for ch := range slices.Chunk(ids, 10) {
		countOf(ch) // want `countOf: 0..10`
		c.WriteString(strconv.Itoa(len(ch)))
	}
	keys := slices.Collect(maps.Keys(set))
	countOf(keys) // want `countOf: grows\(set\)`
}

func unexported(ids []string) {
	countOf(ids) // want `countOf: 2..3`
}

func Callers() {
	unexported([]string{"a", "b"})
	unexported([]string{"a", "b", "c"})
}

func Closure(ids []string) {
	q := url.Values{}
	func() {
		for _, id := range ids {
			q.Add("id", id)
		}
	}()
	bytesOf(q.Encode()) // want `bytesOf: grows\(ids: q.Add in a loop over it\) @61`
	r := url.Values{}
	add := func(id string) { r.Add("id", id) }
	for _, id := range ids {
		add(id)
	}
	bytesOf(r.Encode()) // want `bytesOf: grows\(ids: r.Add in a loop over it\) @68`
}

var defaults = []string{"a", "b"}

func Global() {
	countOf(defaults) // want `countOf: 2`
}

type cfg struct{ scopes []string }

func newCfg() *cfg { return &cfg{scopes: []string{"x", "y", "z"}} }

func (c *cfg) Scopes() {
	countOf(c.scopes) // want `countOf: 3`
}

func Elems(n int, xs []int) {
	elemOf([]string{"ab", "abcd"})                         // want `elemOf: 2..4`
	elemOf(xs)                                             // want `elemOf: 1..20`
	elemOf(strings.Split("a,bb", ","))                     // want `elemOf: 0..4`
	bytesOf(strings.Join(strings.Split("a,bb", ","), ";")) // want `bytesOf: 0..25`
	countOf(make([]string, 3))                             // want `countOf: 3`
	countOf(append([]string{"a"}, "b", "c"))               // want `countOf: 3`
}

func Variadic(segments ...string) {
	countOf(segments) // want `countOf: unknown`
}

func Truncated(ids []string) {
	if len(ids) > 100 {
		ids = ids[:100]
	}
	countOf(ids) // want `countOf: 0..100`
}

func Capped(ids []string) {
	s := ""
	for _, id := range ids {
		s += id + ","
		if len(s) > 1000 {
			break
		}
	}
	bytesOf(s) // want `bytesOf: unknown`
	t := ""
	for range ids {
		t += "x,"
		if len(t) > 1000 {
			break
		}
	}
	bytesOf(t) // want `bytesOf: 0..1004`
}

func BreakAtCount(ids []int) {
	var b strings.Builder
	for i, id := range ids {
		if i >= 100 {
			break
		}
		b.WriteString(strconv.Itoa(id))
	}
	bytesOf(b.String()) // want `bytesOf: 0..2020 batch\(ids<=101\)`
}

type Slice[E any] interface{ ~[]E }

type Lists interface{ Slice[string] }

func GenericCount[S Lists](xs S) {
	countOf(xs) // want `countOf: grows\(xs\)`
}

func GenericElem[S ~[]E, E ~int](xs S) {
	elemOf(xs) // want `elemOf: 1..20`
}
