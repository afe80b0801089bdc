package values

import (
	"fmt"
	"os"
)

func origins(any)  {}
func constant(any) {}
func stores(any)   {}
func callers(any)  {}

type T struct{ A, B int }

var global = &T{A: 1}

const base = "https://example.com"

func phi(p *T, c bool) {
	x := &T{}
	if c {
		x = p
	}
	origins(x) // want `origins: alloc param:p`
}

func closure(p *T) {
	f := func() {
		origins(p) // want `origins: param:p`
	}
	f()
}

func loads() {
	origins(global)    // want `origins: alloc`
	origins(os.Stdout) // want `origins: global:Stdout`
}

func constants(c bool) {
	s := base
	constant(s) // want `constant: "https://example.com" true`
	t := "a"
	if c {
		t = "b"
	}
	constant(t) // want `constant: "" false`
}

func objects() {
	x := &T{A: 1}
	x.B = 2
	stores(x) // want `stores: \[A B\] escapes=false`
	y := &T{}
	keep(y)
	y.A = 3
	stores(y) // want `stores: \[A\] escapes=false`
	z := &T{}
	_ = fmt.Sprint(z)
	stores(z) // want `stores: \[\] escapes=true`
}

var kept *T

// keep stores its argument in a package variable: the index follows it
// there.
func keep(t *T) { kept = t }

func helper()       {}
func Exported()     {}
func passed(func()) {}
func escaping()     {}

func calls() {
	helper()
	helper()
	Exported()
	passed(escaping)
	callers("helper")   // want `callers: 2 all=true`
	callers("Exported") // want `callers: 1 all=false`
	callers("escaping") // want `callers: 0 all=false`
}
