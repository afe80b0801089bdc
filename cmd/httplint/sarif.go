package main

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/httplint/httplint/analyzers"
	"github.com/httplint/httplint/internal/sarif"
)

// sarifDest is the -sarif flag: "-sarif" (or -sarif=-) writes to stdout,
// -sarif=FILE to FILE.
type sarifDest struct{ path string }

func (d *sarifDest) String() string   { return d.path }
func (d *sarifDest) IsBoolFlag() bool { return true }
func (d *sarifDest) Set(s string) error {
	switch s {
	case "true", "-", "":
		d.path = "-"
	case "false":
		return errors.New("-sarif=false is not supported; omit the flag")
	default:
		d.path = s
	}
	return nil
}

// triState is an analyzer's enable flag, as in multichecker: -NAME runs
// only the named analyzers, -NAME=false all but those.
type triState int

const (
	unset triState = iota
	setTrue
	setFalse
)

func (ts *triState) IsBoolFlag() bool { return true }
func (ts *triState) String() string {
	switch *ts {
	case setTrue:
		return "true"
	case setFalse:
		return "false"
	}
	return "unset"
}
func (ts *triState) Set(s string) error {
	b, err := strconv.ParseBool(s)
	if err != nil {
		return err
	}
	*ts = setFalse
	if b {
		*ts = setTrue
	}
	return nil
}

// selectDefinitions applies the enable flags.
func selectDefinitions(defs []analyzers.Definition, enabled map[string]*triState) []analyzers.Definition {
	var hasTrue, hasFalse bool
	for _, ts := range enabled {
		hasTrue = hasTrue || *ts == setTrue
		hasFalse = hasFalse || *ts == setFalse
	}
	var out []analyzers.Definition
	for _, d := range defs {
		switch ts := *enabled[d.Name]; {
		case hasTrue && ts != setTrue, !hasTrue && hasFalse && ts == setFalse:
			continue
		}
		out = append(out, d)
	}
	return out
}

func writeSARIF(path string, l *sarif.Log) error {
	var w io.Writer = os.Stdout
	if path != "-" {
		f, err := os.Create(path)
		if err != nil {
			return err
		}
		defer f.Close()
		w = f
		if err := sarif.Write(w, l); err != nil {
			return err
		}
		return f.Close()
	}
	return sarif.Write(w, l)
}

// sourceRoot returns the workspace or module root of the current
// directory, or the directory itself.
func sourceRoot() string {
	out, _ := exec.Command("go", "env", "GOWORK", "GOMOD").Output()
	for _, f := range strings.Split(string(out), "\n") {
		f = strings.TrimSpace(f)
		if f != "" && f != "off" && f != os.DevNull && filepath.IsAbs(f) {
			return filepath.Dir(f)
		}
	}
	wd, _ := os.Getwd()
	return wd
}

// version is httplint's module version, "devel" in a development build.
func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}
