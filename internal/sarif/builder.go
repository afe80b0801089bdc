package sarif

import (
	"cmp"
	"fmt"
	"go/token"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// A Rule describes one rule for the log's rule table.
type Rule struct {
	ID          string // "<analyzer>/<slug>"
	Summary     string // one line, the shortDescription
	Description string // a paragraph, the fullDescription ("" for Summary)
	Help        string // Markdown help from the rule's documentation, or ""
	HelpURI     string // documentation of the rule
	Tags        []string
	// Precision is GitHub's precision property ("high" by default).
	Precision string
}

// FingerprintKey is the partialFingerprints key of httplint results.
const FingerprintKey = "httplint/v1"

// A Diagnostic is one finding to add to the log.
type Diagnostic struct {
	RuleID     string
	Message    string
	Start, End token.Position // End may be invalid (a point)
	Related    []Related
	Fixes      []SuggestedFix
	// Fingerprint identifies the finding across runs (rule, file,
	// enclosing function, message), or is "".
	Fingerprint string
	// Suppressed marks a finding silenced in the source, for Reason.
	Suppressed bool
	Reason     string
	// BaselineState is "new" or "unchanged" when a baseline was used.
	BaselineState string
}

// Related is a secondary location of a finding.
type Related struct {
	Start, End token.Position
	Message    string
}

// A SuggestedFix is a set of edits that fixes a finding.
type SuggestedFix struct {
	Message string
	Edits   []Edit
}

// An Edit replaces the bytes [Start.Offset, End.Offset) of a file by New.
type Edit struct {
	Start, End token.Position
	New        string
}

// A Builder accumulates rules and results and produces a Log.
type Builder struct {
	root      string // absolute source root; "" when there is none
	driver    *Driver
	ruleIndex map[string]int
	results   []*Result
	seen      map[string]bool
	notes     []*Notification
	failed    bool
	files     map[string][]byte // contents, for UTF-16 columns; nil if unreadable
}

// NewBuilder returns a Builder for the tool driver (whose Rules are
// ignored) with file locations relative to root (made absolute; "" for
// absolute URIs only).
func NewBuilder(driver Driver, root string) *Builder {
	if root != "" {
		if abs, err := filepath.Abs(root); err == nil {
			root = abs
		}
	}
	d := driver
	d.Rules = nil
	return &Builder{
		root:      root,
		driver:    &d,
		ruleIndex: make(map[string]int),
		seen:      make(map[string]bool),
		files:     make(map[string][]byte),
	}
}

// AddRule adds r to the rule table unless a rule with its ID exists, and
// returns its index.
func (b *Builder) AddRule(r Rule) int {
	if i, ok := b.ruleIndex[r.ID]; ok {
		return i
	}
	d := &ReportingDescriptor{
		ID:                   r.ID,
		Name:                 ruleName(r.ID),
		ShortDescription:     &Message{Text: r.Summary},
		FullDescription:      &Message{Text: cmp.Or(r.Description, r.Summary, r.ID)},
		HelpURI:              r.HelpURI,
		DefaultConfiguration: &ReportingConfig{Level: Level},
		Properties:           &PropertyBag{Tags: r.Tags, Precision: cmp.Or(r.Precision, "high"), ProblemSeverity: Level},
	}
	if r.Summary == "" {
		d.ShortDescription = &Message{Text: r.ID}
	}
	help, helpMD := d.FullDescription.Text, d.FullDescription.Text
	if r.Help != "" {
		help, helpMD = plainText(r.Help), r.Help
	}
	if r.HelpURI != "" {
		help += " Documentation: " + r.HelpURI
		helpMD += fmt.Sprintf("\n\n[Documentation](%s)", r.HelpURI)
	}
	d.Help = &Message{Text: help, Markdown: helpMD}
	b.driver.Rules = append(b.driver.Rules, d)
	i := len(b.driver.Rules) - 1
	b.ruleIndex[r.ID] = i
	return i
}

// HasRule reports whether the rule table has a rule id.
func (b *Builder) HasRule(id string) bool {
	_, ok := b.ruleIndex[id]
	return ok
}

// ruleName turns "acquiretimeout/client-no-deadline" into
// "AcquiretimeoutClientNoDeadline", the PascalCase name SARIF viewers show.
func ruleName(id string) string {
	var sb strings.Builder
	for _, w := range strings.FieldsFunc(id, func(r rune) bool { return r == '/' || r == '-' || r == '_' || r == '.' }) {
		sb.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	return sb.String()
}

// AddResult adds d, whose rule must be in the table, and reports whether
// it was new: a finding reported twice at the same place with the same
// message (e.g. from a package and its test variant) is added once.
func (b *Builder) AddResult(d Diagnostic) (bool, error) {
	idx, ok := b.ruleIndex[d.RuleID]
	if !ok {
		return false, fmt.Errorf("sarif: result for unknown rule %q", d.RuleID)
	}
	key := fmt.Sprintf("%s\x00%s\x00%d\x00%d\x00%s", d.RuleID, d.Start.Filename, d.Start.Offset, d.End.Offset, d.Message)
	if b.seen[key] {
		return false, nil
	}
	b.seen[key] = true
	r := &Result{
		RuleID:    d.RuleID,
		RuleIndex: idx,
		Level:     Level,
		Message:   Message{Text: d.Message},
		Locations: []*Location{{PhysicalLocation: b.physical(d.Start, d.End)}},
	}
	for i, rel := range d.Related {
		id := i + 1
		r.RelatedLocations = append(r.RelatedLocations, &Location{
			ID:               &id,
			PhysicalLocation: b.physical(rel.Start, rel.End),
			Message:          &Message{Text: rel.Message},
		})
	}
	for _, f := range d.Fixes {
		r.Fixes = append(r.Fixes, b.fix(f))
	}
	if d.Fingerprint != "" {
		r.PartialFingerprints = map[string]string{FingerprintKey: d.Fingerprint}
	}
	if d.Suppressed {
		r.Suppressions = []*Suppression{{Kind: "inSource", Justification: d.Reason}}
	}
	r.BaselineState = d.BaselineState
	b.results = append(b.results, r)
	return true, nil
}

// AddNotification records a message about the run; level "error" marks
// the run as not successful.
func (b *Builder) AddNotification(level, msg string) {
	b.notes = append(b.notes, &Notification{Level: level, Message: &Message{Text: msg}})
	if level == "error" {
		b.failed = true
	}
}

// Len returns the number of results.
func (b *Builder) Len() int { return len(b.results) }

// Log returns the log: one run whose results are sorted by location.
func (b *Builder) Log() *Log {
	results := slices.Clone(b.results)
	slices.SortStableFunc(results, func(x, y *Result) int {
		lx, ly := x.Locations[0].PhysicalLocation, y.Locations[0].PhysicalLocation
		return cmp.Or(
			cmp.Compare(lx.ArtifactLocation.URI, ly.ArtifactLocation.URI),
			cmp.Compare(lx.Region.StartLine, ly.Region.StartLine),
			cmp.Compare(lx.Region.StartColumn, ly.Region.StartColumn),
			cmp.Compare(x.RuleID, y.RuleID),
			cmp.Compare(x.Message.Text, y.Message.Text),
		)
	})
	if results == nil {
		results = []*Result{}
	}
	driver := *b.driver
	if driver.Rules == nil {
		driver.Rules = []*ReportingDescriptor{}
	}
	run := &Run{
		Tool:        Tool{Driver: &driver},
		Invocations: []*Invocation{{ExecutionSuccessful: !b.failed, ToolExecutionNotifications: b.notes}},
		Results:     results,
		ColumnKind:  "utf16CodeUnits",
	}
	if b.root != "" {
		run.OriginalURIBaseIDs = map[string]*ArtifactLocation{SrcRoot: {URI: fileURI(b.root) + "/"}}
	}
	return &Log{Schema: Schema, Version: Version, Runs: []*Run{run}}
}

// artifact returns the location of file: relative to the root when it is
// inside it, else an absolute file URI.
func (b *Builder) artifact(file string) *ArtifactLocation {
	if b.root != "" && filepath.IsAbs(file) {
		if rel, err := filepath.Rel(b.root, file); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return &ArtifactLocation{URI: (&url.URL{Path: filepath.ToSlash(rel)}).EscapedPath(), URIBaseID: SrcRoot}
		}
	}
	if filepath.IsAbs(file) {
		return &ArtifactLocation{URI: fileURI(file)}
	}
	return &ArtifactLocation{URI: (&url.URL{Path: filepath.ToSlash(file)}).EscapedPath()}
}

func fileURI(abs string) string {
	p := filepath.ToSlash(abs)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // Windows drive letter
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// physical returns the location of [start, end).
func (b *Builder) physical(start, end token.Position) *PhysicalLocation {
	region := &Region{StartLine: start.Line, StartColumn: b.column(start)}
	if end.IsValid() && end.Filename == start.Filename && end.Line >= start.Line {
		region.EndLine, region.EndColumn = end.Line, b.column(end)
	}
	if region.StartLine == 0 {
		region = nil // a whole-file position
	}
	return &PhysicalLocation{ArtifactLocation: b.artifact(start.Filename), Region: region}
}

// column converts pos's byte column to UTF-16 code units, the SARIF
// default column kind.
func (b *Builder) column(pos token.Position) int {
	if pos.Column <= 1 {
		return max(pos.Column, 1)
	}
	content, ok := b.files[pos.Filename]
	if !ok {
		content, _ = os.ReadFile(pos.Filename)
		b.files[pos.Filename] = content
	}
	lineStart := pos.Offset - (pos.Column - 1)
	if content == nil || lineStart < 0 || pos.Offset > len(content) {
		return pos.Column
	}
	prefix := content[lineStart:pos.Offset]
	if !utf8.Valid(prefix) {
		return pos.Column
	}
	n := 0
	for _, r := range string(prefix) {
		n += utf16.RuneLen(r)
	}
	return n + 1
}

func (b *Builder) fix(f SuggestedFix) *Fix {
	var changes []*ArtifactChange
	byFile := make(map[string]*ArtifactChange)
	for _, e := range f.Edits {
		ch := byFile[e.Start.Filename]
		if ch == nil {
			ch = &ArtifactChange{ArtifactLocation: b.artifact(e.Start.Filename)}
			byFile[e.Start.Filename] = ch
			changes = append(changes, ch)
		}
		off, n := e.Start.Offset, max(e.End.Offset-e.Start.Offset, 0)
		rep := &Replacement{DeletedRegion: &Region{ByteOffset: &off, ByteLength: &n}}
		if e.New != "" {
			rep.InsertedContent = &ArtifactContent{Text: e.New}
		}
		ch.Replacements = append(ch.Replacements, rep)
	}
	return &Fix{Description: &Message{Text: f.Message}, ArtifactChanges: changes}
}

// plainText turns rule help Markdown into text: no emphasis or code
// marks, code blocks kept as lines.
func plainText(md string) string {
	var lines []string
	for _, l := range strings.Split(md, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), "```") {
			lines = append(lines, l)
		}
	}
	return strings.NewReplacer("**", "", "`", "").Replace(strings.Join(lines, "\n"))
}
