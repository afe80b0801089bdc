// Package sarif writes analysis results as SARIF 2.1.0 (Static Analysis
// Results Interchange Format), the format GitHub code scanning ingests.
//
// Only the subset of the format that httplint produces is modelled: one
// run with a tool driver and its rules, results with physical locations,
// related locations and fixes, and one invocation with its notifications.
//
// Conventions:
//   - A rule id is "<analyzer>/<slug>", the analyzer's name and the
//     diagnostic category; a diagnostic without a category has the
//     analyzer's name as rule id.
//   - Every result has level "warning" (see [Level]).
//   - File locations are relative to a source root (the module root) with
//     uriBaseId "%SRCROOT%"; files outside it get absolute file:// URIs.
//   - Columns are counted in UTF-16 code units (SARIF's default
//     columnKind), computed from the source file; Go's byte columns are
//     used when the file cannot be read.
package sarif

import (
	"encoding/json"
	"io"
)

// Version and Schema identify the SARIF version written.
const (
	Version = "2.1.0"
	Schema  = "https://json.schemastore.org/sarif-2.1.0.json"
)

// SrcRoot is the uriBaseId of file locations relative to the source root.
const SrcRoot = "%SRCROOT%"

// Level is the level of every httplint result and rule. httplint's
// findings are defects with a concrete failure mode, but they are not
// compilation errors and a reviewer may accept one with a directive;
// "warning" makes GitHub show them as warnings, which fail a pull
// request's check only if the repository's code scanning settings say so.
// The command's exit code (3 on findings) is the hard gate.
const Level = "warning"

// Log is a SARIF log file.
type Log struct {
	Schema  string `json:"$schema"`
	Version string `json:"version"`
	Runs    []*Run `json:"runs"`
}

// Run is the result of one run of a tool.
type Run struct {
	Tool               Tool                         `json:"tool"`
	Invocations        []*Invocation                `json:"invocations,omitempty"`
	OriginalURIBaseIDs map[string]*ArtifactLocation `json:"originalUriBaseIds,omitempty"`
	Results            []*Result                    `json:"results"`
	ColumnKind         string                       `json:"columnKind,omitempty"`
}

// Tool describes the analysis tool.
type Tool struct {
	Driver *Driver `json:"driver"`
}

// Driver is the tool component that ran: its name, version and rules.
type Driver struct {
	Name           string                 `json:"name"`
	Version        string                 `json:"version,omitempty"`
	SemanticVer    string                 `json:"semanticVersion,omitempty"`
	InformationURI string                 `json:"informationUri,omitempty"`
	Rules          []*ReportingDescriptor `json:"rules"`
}

// ReportingDescriptor describes one rule.
type ReportingDescriptor struct {
	ID                   string           `json:"id"`
	Name                 string           `json:"name,omitempty"`
	ShortDescription     *Message         `json:"shortDescription,omitempty"`
	FullDescription      *Message         `json:"fullDescription,omitempty"`
	HelpURI              string           `json:"helpUri,omitempty"`
	Help                 *Message         `json:"help,omitempty"`
	DefaultConfiguration *ReportingConfig `json:"defaultConfiguration,omitempty"`
	Properties           *PropertyBag     `json:"properties,omitempty"`
}

// ReportingConfig is a rule's default configuration.
type ReportingConfig struct {
	Level string `json:"level,omitempty"`
}

// PropertyBag holds SARIF properties; GitHub reads "tags",
// "precision" and "problem.severity".
type PropertyBag struct {
	Tags            []string `json:"tags,omitempty"`
	Precision       string   `json:"precision,omitempty"`
	ProblemSeverity string   `json:"problem.severity,omitempty"`
}

// Message is a text (and optional Markdown) message.
type Message struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

// Result is one finding.
type Result struct {
	RuleID           string      `json:"ruleId"`
	RuleIndex        int         `json:"ruleIndex"`
	Level            string      `json:"level"`
	Message          Message     `json:"message"`
	Locations        []*Location `json:"locations"`
	RelatedLocations []*Location `json:"relatedLocations,omitempty"`
	Fixes            []*Fix      `json:"fixes,omitempty"`
	// PartialFingerprints identify the result across runs, whatever
	// lines moved.
	PartialFingerprints map[string]string `json:"partialFingerprints,omitempty"`
	Suppressions        []*Suppression    `json:"suppressions,omitempty"`
	BaselineState       string            `json:"baselineState,omitempty"`
}

// Suppression records that a result is silenced, here by a directive in
// the source (kind "inSource") with its reason.
type Suppression struct {
	Kind          string `json:"kind"`
	Justification string `json:"justification,omitempty"`
}

// Location is a location in a file, with an optional message (for
// related locations).
type Location struct {
	ID               *int              `json:"id,omitempty"`
	PhysicalLocation *PhysicalLocation `json:"physicalLocation"`
	Message          *Message          `json:"message,omitempty"`
}

// PhysicalLocation is a region of an artifact.
type PhysicalLocation struct {
	ArtifactLocation *ArtifactLocation `json:"artifactLocation"`
	Region           *Region           `json:"region,omitempty"`
}

// ArtifactLocation names a file: a URI, relative to the base named by
// URIBaseID when that is set.
type ArtifactLocation struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

// Region is a range of text: 1-based lines and columns, the end column
// exclusive; or, for fix replacements, a byte range.
type Region struct {
	StartLine   int  `json:"startLine,omitempty"`
	StartColumn int  `json:"startColumn,omitempty"`
	EndLine     int  `json:"endLine,omitempty"`
	EndColumn   int  `json:"endColumn,omitempty"`
	ByteOffset  *int `json:"byteOffset,omitempty"`
	ByteLength  *int `json:"byteLength,omitempty"`
}

// Fix is a suggested fix.
type Fix struct {
	Description     *Message          `json:"description,omitempty"`
	ArtifactChanges []*ArtifactChange `json:"artifactChanges"`
}

// ArtifactChange is the edits of one file.
type ArtifactChange struct {
	ArtifactLocation *ArtifactLocation `json:"artifactLocation"`
	Replacements     []*Replacement    `json:"replacements"`
}

// Replacement replaces a byte range by new content.
type Replacement struct {
	DeletedRegion   *Region          `json:"deletedRegion"`
	InsertedContent *ArtifactContent `json:"insertedContent,omitempty"`
}

// ArtifactContent is inserted text.
type ArtifactContent struct {
	Text string `json:"text"`
}

// Invocation describes how the tool ran and whether it succeeded.
type Invocation struct {
	ExecutionSuccessful        bool              `json:"executionSuccessful"`
	ToolExecutionNotifications []*Notification   `json:"toolExecutionNotifications,omitempty"`
	WorkingDirectory           *ArtifactLocation `json:"workingDirectory,omitempty"`
}

// Notification is a message about the run, such as a package that failed
// to load.
type Notification struct {
	Level   string   `json:"level"`
	Message *Message `json:"message"`
}

// Write writes log as indented JSON followed by a newline.
func Write(w io.Writer, log *Log) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(log)
}
