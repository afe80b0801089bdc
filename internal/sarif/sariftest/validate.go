// Package sariftest checks SARIF logs in tests: the structure GitHub code
// scanning relies on.
package sariftest

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/httplint/httplint/internal/sarif"
)

// schemaJSON is the official SARIF 2.1.0 schema (see schema/README.md).
//
//go:embed schema/sarif-schema-2.1.0.json
var schemaJSON []byte

// ValidateSchema validates a SARIF log given as JSON against the official
// SARIF 2.1.0 JSON schema.
func ValidateSchema(data []byte) error {
	schemaDoc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schemaJSON))
	if err != nil {
		return fmt.Errorf("reading the SARIF schema: %v", err)
	}
	c := jsonschema.NewCompiler()
	const url = "https://json.schemastore.org/sarif-2.1.0.json"
	if err := c.AddResource(url, schemaDoc); err != nil {
		return err
	}
	sch, err := c.Compile(url)
	if err != nil {
		return fmt.Errorf("compiling the SARIF schema: %v", err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("not JSON: %v", err)
	}
	return sch.Validate(doc)
}

// Validate checks the structure of a SARIF log given as JSON, read
// generically (not through this package's types) so that misspelt fields
// are caught: the version and $schema, a tool driver with unique rule
// ids, and results whose ruleId and ruleIndex agree, whose level is a
// SARIF level, and whose locations have a URI (relative whenever a
// uriBaseId is given) and a well-formed region: what GitHub code
// scanning relies on, beyond the official schema, which it also
// validates against ([ValidateSchema]).
func Validate(data []byte) error {
	var log struct {
		Schema  *string           `json:"$schema"`
		Version *string           `json:"version"`
		Runs    []json.RawMessage `json:"runs"`
	}
	if err := json.Unmarshal(data, &log); err != nil {
		return fmt.Errorf("not a JSON object: %v", err)
	}
	var errs []error
	fail := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if err := ValidateSchema(data); err != nil {
		fail("against the SARIF 2.1.0 schema: %v", err)
	}
	if err := ValidateSchema(data); err != nil {
		fail("against the SARIF 2.1.0 schema: %v", err)
	}
	if log.Version == nil || *log.Version != sarif.Version {
		fail("version is %v, want %q", deref(log.Version), sarif.Version)
	}
	if log.Schema == nil || !strings.Contains(*log.Schema, "sarif") || !strings.Contains(*log.Schema, "2.1.0") {
		fail("$schema is %v, want a SARIF 2.1.0 schema URI", deref(log.Schema))
	} else if u, err := url.Parse(*log.Schema); err != nil || u.Scheme != "https" {
		fail("$schema %q is not an https URI", *log.Schema)
	}
	if len(log.Runs) == 0 {
		fail("no runs")
	}
	for i, raw := range log.Runs {
		for _, err := range validateRun(raw) {
			fail("runs[%d]: %v", i, err)
		}
	}
	return errors.Join(errs...)
}

func deref(p *string) any {
	if p == nil {
		return "missing"
	}
	return fmt.Sprintf("%q", *p)
}

type rawLocation struct {
	ID               *int `json:"id"`
	PhysicalLocation *struct {
		ArtifactLocation *struct {
			URI       string `json:"uri"`
			URIBaseID string `json:"uriBaseId"`
		} `json:"artifactLocation"`
		Region *struct {
			StartLine   int `json:"startLine"`
			StartColumn int `json:"startColumn"`
			EndLine     int `json:"endLine"`
			EndColumn   int `json:"endColumn"`
		} `json:"region"`
	} `json:"physicalLocation"`
	Message *struct {
		Text string `json:"text"`
	} `json:"message"`
}

func validateRun(raw json.RawMessage) []error {
	var run struct {
		Tool struct {
			Driver *struct {
				Name  string    `json:"name"`
				Rules []rawRule `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		OriginalURIBaseIDs map[string]struct {
			URI string `json:"uri"`
		} `json:"originalUriBaseIds"`
		Results *[]struct {
			RuleID    string `json:"ruleId"`
			RuleIndex *int   `json:"ruleIndex"`
			Level     string `json:"level"`
			Message   struct {
				Text string `json:"text"`
			} `json:"message"`
			Locations        []rawLocation `json:"locations"`
			RelatedLocations []rawLocation `json:"relatedLocations"`
		} `json:"results"`
		ColumnKind string `json:"columnKind"`
	}
	var errs []error
	fail := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if err := json.Unmarshal(raw, &run); err != nil {
		return []error{err}
	}
	d := run.Tool.Driver
	if d == nil || d.Name == "" {
		return append(errs, errors.New("tool.driver.name missing"))
	}
	index := make(map[string]int)
	for i, r := range d.Rules {
		if r.ID == "" {
			fail("rules[%d]: no id", i)
		}
		if _, dup := index[r.ID]; dup {
			fail("rules[%d]: duplicate id %q", i, r.ID)
		}
		index[r.ID] = i
		if r.ShortDescription == nil || r.ShortDescription.Text == "" {
			fail("rule %q: no shortDescription.text", r.ID)
		}
		if r.HelpURI != "" {
			if u, err := url.Parse(r.HelpURI); err != nil || !u.IsAbs() {
				fail("rule %q: helpUri %q is not an absolute URI", r.ID, r.HelpURI)
			}
		}
	}
	for id, base := range run.OriginalURIBaseIDs {
		if u, err := url.Parse(base.URI); err != nil || !u.IsAbs() || !strings.HasSuffix(base.URI, "/") {
			fail("originalUriBaseIds[%q]: %q must be an absolute URI ending in /", id, base.URI)
		}
	}
	switch run.ColumnKind {
	case "", "utf16CodeUnits", "unicodeCodePoints":
	default:
		fail("columnKind %q", run.ColumnKind)
	}
	if run.Results == nil {
		return append(errs, errors.New("results missing (an empty run has \"results\": [])"))
	}
	for i, r := range *run.Results {
		where := fmt.Sprintf("results[%d] (%s)", i, r.RuleID)
		idx, known := index[r.RuleID]
		switch {
		case r.RuleID == "":
			fail("%s: no ruleId", where)
		case !known:
			fail("%s: ruleId not in tool.driver.rules", where)
		case r.RuleIndex != nil && *r.RuleIndex != idx:
			fail("%s: ruleIndex %d names rule %q", where, *r.RuleIndex, ruleAt(d.Rules, *r.RuleIndex))
		}
		switch r.Level {
		case "", "none", "note", "warning", "error":
		default:
			fail("%s: level %q", where, r.Level)
		}
		if r.Message.Text == "" {
			fail("%s: no message.text", where)
		}
		if len(r.Locations) == 0 {
			fail("%s: no locations", where)
		}
		for j, l := range r.Locations {
			for _, err := range validateLocation(l, run.OriginalURIBaseIDs != nil) {
				fail("%s: locations[%d]: %v", where, j, err)
			}
		}
		ids := make(map[int]bool)
		for j, l := range r.RelatedLocations {
			for _, err := range validateLocation(l, run.OriginalURIBaseIDs != nil) {
				fail("%s: relatedLocations[%d]: %v", where, j, err)
			}
			if l.ID != nil {
				if ids[*l.ID] {
					fail("%s: relatedLocations[%d]: duplicate id %d", where, j, *l.ID)
				}
				ids[*l.ID] = true
			}
		}
	}
	return errs
}

type rawRule struct {
	ID               string `json:"id"`
	ShortDescription *struct {
		Text string `json:"text"`
	} `json:"shortDescription"`
	HelpURI string `json:"helpUri"`
}

func ruleAt(rules []rawRule, i int) string {
	if i < 0 || i >= len(rules) {
		return fmt.Sprintf("<out of range: %d rules>", len(rules))
	}
	return rules[i].ID
}

func validateLocation(l rawLocation, haveBases bool) []error {
	var errs []error
	pl := l.PhysicalLocation
	if pl == nil || pl.ArtifactLocation == nil || pl.ArtifactLocation.URI == "" {
		return []error{errors.New("no physicalLocation.artifactLocation.uri")}
	}
	al := pl.ArtifactLocation
	u, err := url.Parse(al.URI)
	switch {
	case err != nil:
		errs = append(errs, fmt.Errorf("uri %q: %v", al.URI, err))
	case al.URIBaseID != "" && (u.IsAbs() || strings.HasPrefix(al.URI, "/")):
		errs = append(errs, fmt.Errorf("uri %q with uriBaseId %q must be relative", al.URI, al.URIBaseID))
	case al.URIBaseID != "" && !haveBases:
		errs = append(errs, fmt.Errorf("uriBaseId %q not defined in originalUriBaseIds", al.URIBaseID))
	case al.URIBaseID == "" && !u.IsAbs():
		errs = append(errs, fmt.Errorf("relative uri %q without uriBaseId", al.URI))
	case strings.Contains(al.URI, `\`):
		errs = append(errs, fmt.Errorf("uri %q contains a backslash", al.URI))
	}
	if r := pl.Region; r != nil {
		if r.StartLine < 1 || r.StartColumn < 1 {
			errs = append(errs, fmt.Errorf("region starts at %d:%d", r.StartLine, r.StartColumn))
		}
		if r.EndLine != 0 && (r.EndLine < r.StartLine || (r.EndLine == r.StartLine && r.EndColumn < r.StartColumn)) {
			errs = append(errs, fmt.Errorf("region ends at %d:%d before its start %d:%d", r.EndLine, r.EndColumn, r.StartLine, r.StartColumn))
		}
	}
	return errs
}
