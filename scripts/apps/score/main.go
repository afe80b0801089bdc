// Command score scores a run of scripts/apps/run.sh: it reads the JSON
// output of httplint on each application module, matches every finding
// with its verdict in verdicts.tsv, and prints per module the packages,
// findings, root causes, time and peak memory, and the precision per
// rule and per module. Findings without a verdict are listed (exit code
// 6); verdicts whose finding is gone are listed too, true positives
// first, since those are findings lost.
//
// A verdict matches a finding of the same module and rule at the same
// file and line (the column may move).
//
//	score -modules scripts/apps/modules.txt -verdicts scripts/apps/verdicts.tsv -out OUTDIR
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("score: ")
	modules := flag.String("modules", "scripts/apps/modules.txt", "module list")
	verdicts := flag.String("verdicts", "scripts/apps/verdicts.tsv", "verdicts file")
	out := flag.String("out", "", "output directory of run.sh")
	only := flag.String("only", "", "only modules whose path matches this regular expression")
	listFP := flag.Bool("fp", false, "also list the false positives of this run with their causes and reasons")
	flag.Parse()
	if *out == "" {
		log.Fatal("-out is required")
	}
	var onlyRE *regexp.Regexp
	if *only != "" {
		onlyRE = regexp.MustCompile(*only)
	}
	mods, err := readModules(*modules, onlyRE)
	if err != nil {
		log.Fatal(err)
	}
	vs, err := readVerdicts(*verdicts)
	if err != nil {
		log.Fatal(err)
	}
	os.Exit(report(os.Stdout, *out, mods, vs, *listFP))
}

// A module is one line of modules.txt.
type module struct {
	path, version, kind string
}

func (m module) id() string { return m.path + "@" + m.version }

// san is the file name run.sh gives the module's outputs.
func (m module) san() string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-' {
			return r
		}
		return '_'
	}, m.id())
}

func readModules(file string, only *regexp.Regexp) ([]module, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var mods []module
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(strings.SplitN(sc.Text(), "#", 2)[0])
		if len(fields) < 2 {
			continue
		}
		path, version, ok := strings.Cut(fields[0], "@")
		if !ok {
			return nil, fmt.Errorf("%s: malformed line %q", file, sc.Text())
		}
		if only != nil && !only.MatchString(path) {
			continue
		}
		mods = append(mods, module{path: path, version: version, kind: fields[1]})
	}
	return mods, sc.Err()
}

// A verdict is one line of verdicts.tsv.
type verdict struct {
	module, position, rule, verdict, cause, reason string
	used                                           bool
}

func (v *verdict) key() string { return key(v.module, v.position, v.rule) }

// key identifies a finding by module, file and line, and rule.
func key(module, position, rule string) string {
	if i := strings.LastIndexByte(position, ':'); i > 0 && strings.Count(position, ":") >= 2 {
		position = position[:i] // drop the column
	}
	return module + "\t" + position + "\t" + rule
}

// readVerdicts reads verdicts.tsv, by key. A key may have several
// verdicts, for several findings of one rule on one line (two messages
// about the same call): they are matched in order.
func readVerdicts(file string) (map[string][]*verdict, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	vs := make(map[string][]*verdict)
	for i, line := range strings.Split(string(data), "\n") {
		if i == 0 || strings.TrimSpace(line) == "" {
			continue // header
		}
		f := strings.Split(line, "\t")
		if len(f) != 6 {
			return nil, fmt.Errorf("%s:%d: want 6 tab-separated fields, have %d", file, i+1, len(f))
		}
		v := &verdict{module: f[0], position: f[1], rule: f[2], verdict: f[3], cause: f[4], reason: f[5]}
		if v.verdict != "TP" && v.verdict != "FP" {
			return nil, fmt.Errorf("%s:%d: verdict %q is neither TP nor FP", file, i+1, v.verdict)
		}
		vs[v.key()] = append(vs[v.key()], v)
	}
	return vs, nil
}

// A finding is one diagnostic of httplint's JSON output.
type finding struct {
	rule, position, message string
	related                 []string
	verdict                 *verdict
}

type diagnostic struct {
	Category string `json:"category"`
	Posn     string `json:"posn"`
	Message  string `json:"message"`
	Related  []struct {
		Posn    string `json:"posn"`
		Message string `json:"message"`
	} `json:"related"`
}

// readFindings reads httplint -json output, with positions relative to
// root, deduplicated by rule, position and message as the text output is.
func readFindings(file, root string) ([]*finding, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var out map[string]map[string]json.RawMessage
	if len(strings.TrimSpace(string(data))) > 0 {
		if err := json.Unmarshal(data, &out); err != nil {
			return nil, fmt.Errorf("%s: %v", file, err)
		}
	}
	rel := func(p string) string {
		if r, err := filepath.Rel(root, p); err == nil && !strings.HasPrefix(r, "..") {
			return r
		}
		return p
	}
	seen := make(map[string]bool)
	var fs []*finding
	for _, byAnalyzer := range out {
		for analyzer, raw := range byAnalyzer {
			var diags []diagnostic
			if json.Unmarshal(raw, &diags) != nil {
				continue // {"error": ...}: a package error, counted from stderr
			}
			for _, d := range diags {
				f := &finding{rule: analyzer + "/" + d.Category, position: rel(d.Posn), message: d.Message}
				for _, r := range d.Related {
					f.related = append(f.related, rel(r.Posn)+": "+r.Message)
				}
				k := f.rule + "\t" + f.position + "\t" + f.message
				if !seen[k] {
					seen[k] = true
					fs = append(fs, f)
				}
			}
		}
	}
	sort.Slice(fs, func(i, j int) bool {
		if fs[i].position != fs[j].position {
			return lessPosition(fs[i].position, fs[j].position)
		}
		return fs[i].rule < fs[j].rule
	})
	return fs, nil
}

// lessPosition orders file:line:col positions by file, then numerically.
func lessPosition(a, b string) bool {
	fa, la, ca := splitPosition(a)
	fb, lb, cb := splitPosition(b)
	if fa != fb {
		return fa < fb
	}
	if la != lb {
		return la < lb
	}
	return ca < cb
}

func splitPosition(p string) (file string, line, col int) {
	parts := strings.Split(p, ":")
	if len(parts) < 3 {
		return p, 0, 0
	}
	line, _ = strconv.Atoi(parts[len(parts)-2])
	col, _ = strconv.Atoi(parts[len(parts)-1])
	return strings.Join(parts[:len(parts)-2], ":"), line, col
}

// readNumber reads the number in file, or -1.
func readNumber(file string) float64 {
	data, err := os.ReadFile(file)
	if err != nil {
		return -1
	}
	n, err := strconv.ParseFloat(strings.TrimSpace(string(data)), 64)
	if err != nil {
		return -1
	}
	return n
}

func countLines(file string) int {
	data, err := os.ReadFile(file)
	if err != nil {
		return 0
	}
	n := 0
	for _, l := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(l) != "" {
			n++
		}
	}
	return n
}

// next returns the first verdict of list not matched yet, or nil.
func next(list []*verdict) *verdict {
	for _, v := range list {
		if !v.used {
			return v
		}
	}
	return nil
}

type tally struct{ findings, tp, fp, open int }

func (t *tally) add(f *finding) {
	t.findings++
	switch {
	case f.verdict == nil:
		t.open++
	case f.verdict.verdict == "TP":
		t.tp++
	default:
		t.fp++
	}
}

func (t tally) precision() string {
	if t.tp+t.fp == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(t.tp)/float64(t.tp+t.fp))
}

func report(w io.Writer, out string, mods []module, vs map[string][]*verdict, listFP bool) int {
	byRule := make(map[string]*tally)
	var total tally
	var open, falses []string
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "module\tkind\tpackages\tnot loaded\tfindings\tTP\tFP\topen\troot causes\tprecision\tsecs\tpeak MB\tstderr lines")
	causesPerRule := make(map[string]map[string]bool)
	relatedAt := make(map[string]string) // key of a related position -> the finding's position
	for _, m := range mods {
		s := m.san()
		root := filepath.Join(out, "src", s)
		fs, err := readFindings(filepath.Join(out, "results", s+".json.out"), root)
		if err != nil {
			fmt.Fprintf(tw, "%s\t%s\t(no result: %v)\n", m.id(), m.kind, err)
			continue
		}
		var t tally
		causes := make(map[string]bool)
		for _, f := range fs {
			for _, r := range f.related {
				if pos, _, ok := strings.Cut(r, ": "); ok {
					relatedAt[key(m.id(), pos, f.rule)] = f.position
				}
			}
		}
		for _, f := range fs {
			if v := next(vs[key(m.id(), f.position, f.rule)]); v != nil {
				f.verdict, v.used = v, true
				causes[v.cause] = true
				if causesPerRule[f.rule] == nil {
					causesPerRule[f.rule] = make(map[string]bool)
				}
				causesPerRule[f.rule][m.id()+" "+v.cause] = true
			}
			t.add(f)
			total.add(f)
			if byRule[f.rule] == nil {
				byRule[f.rule] = new(tally)
			}
			byRule[f.rule].add(f)
			if f.verdict != nil && f.verdict.verdict == "FP" {
				falses = append(falses, fmt.Sprintf("  %s %s %s (%s): %s", m.id(), f.position, f.rule, f.verdict.cause, f.verdict.reason))
			}
			if f.verdict == nil {
				line := fmt.Sprintf("%s\t%s\t%s\t%s", m.id(), f.position, f.rule, f.message)
				for _, r := range f.related {
					line += "\n\t\t" + r
				}
				open = append(open, line)
			}
		}
		rss := readNumber(filepath.Join(out, "results", s+".json.rss"))
		fmt.Fprintf(tw, "%s\t%s\t%.0f\t%d\t%d\t%d\t%d\t%d\t%d\t%s\t%.1f\t%.0f\t%d\n", m.id(), m.kind,
			readNumber(filepath.Join(out, "setup", s+".packages")), countLines(filepath.Join(out, "setup", s+".errors")),
			t.findings, t.tp, t.fp, t.open, len(causes), t.precision(),
			readNumber(filepath.Join(out, "results", s+".json.time")), rss/1024,
			countLines(filepath.Join(out, "results", s+".json.err")))
	}
	fmt.Fprintf(tw, "total\t\t\t\t%d\t%d\t%d\t%d\t\t%s\n", total.findings, total.tp, total.fp, total.open, total.precision())
	tw.Flush()

	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "rule\tfindings\tTP\tFP\topen\tprecision\troot causes\tfindings per root cause")
	var rules []string
	for r := range byRule {
		rules = append(rules, r)
	}
	sort.Strings(rules)
	for _, r := range rules {
		t := byRule[r]
		n := len(causesPerRule[r])
		per := "-"
		if n > 0 {
			per = fmt.Sprintf("%.2f", float64(t.findings-t.open)/float64(n))
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%s\t%d\t%s\n", r, t.findings, t.tp, t.fp, t.open, t.precision(), n, per)
	}
	tw.Flush()

	var gone []*verdict
	merged := make(map[*verdict]string)
	for _, list := range vs {
		for _, v := range list {
			if v.used {
				continue
			}
			for _, m := range mods {
				if m.id() != v.module {
					continue
				}
				if into := relatedAt[key(v.module, v.position, v.rule)]; into != "" {
					merged[v] = into // now a related position of a finding
				} else {
					gone = append(gone, v)
				}
			}
		}
	}
	if len(merged) > 0 {
		var lines []string
		for v, into := range merged {
			lines = append(lines, fmt.Sprintf("  %s %s %s %s -> %s", v.verdict, v.module, v.position, v.rule, into))
		}
		sort.Strings(lines)
		fmt.Fprintf(w, "\nverdicts whose place is now a related position of a finding of the same rule (%d; one root cause, one finding):\n%s\n", len(lines), strings.Join(lines, "\n"))
	}
	if len(gone) > 0 {
		sort.Slice(gone, func(i, j int) bool {
			if gone[i].verdict != gone[j].verdict {
				return gone[i].verdict == "TP"
			}
			return gone[i].key() < gone[j].key()
		})
		fmt.Fprintf(w, "\nverdicts with no finding in this run (%d; TP first: those are findings lost):\n", len(gone))
		for _, v := range gone {
			fmt.Fprintf(w, "  %s %s %s %s (%s)\n", v.verdict, v.module, v.position, v.rule, v.cause)
		}
	}
	if listFP && len(falses) > 0 {
		fmt.Fprintf(w, "\nfalse positives in this run (%d):\n%s\n", len(falses), strings.Join(falses, "\n"))
	}
	if len(open) > 0 {
		fmt.Fprintf(w, "\nfindings with no verdict (%d):\n", len(open))
		for _, l := range open {
			fmt.Fprintln(w, l)
		}
		return 6
	}
	return 0
}
