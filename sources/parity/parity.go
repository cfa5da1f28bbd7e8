// Package parity holds the checks the reviewers' bots make between an
// InferenceX master config, the srt-slurm recipes its rows select and the
// perf changelog (docs/parity.md): a decode CUDA-graph cap or
// max-running-requests below what a row's concurrency needs, a conc-list
// that differs from the recipe's concurrencies, a row whose recipe file is
// missing, a recipe srtctl's schema would reject, and a changelog entry not
// appended at the physical end. Each finding names the file, the key and
// the numbers. Pure: no terminal, no writes.
package parity

import (
	"fmt"
	"sort"

	"github.com/sweeptune/sweeptune/model"
)

// Finding kinds.
const (
	KindCapBelowConc   = "decode-cap-below-concurrency"
	KindMRRBelowConc   = "max-running-requests-below-concurrency"
	KindConcMismatch   = "conc-list-mismatch"
	KindRecipeMissing  = "recipe-missing"
	KindOverrideAbsent = "override-missing"
	KindSchema         = "recipe-schema"
	KindChangelogEnd   = "changelog-not-at-end"
)

// Severities: an error is what InferenceX's or srtctl's own checks (or the
// run itself) would fail on; a warning is what a reviewer flags but a
// deliberate design may hold (a cap below the concurrency queues the rest
// at admission, which the planner's cap-bound points do on purpose).
const (
	Error   = "error"
	Warning = "warning"
)

// Finding is one fault, with the file, key and numbers that show it.
type Finding struct {
	Kind     string `json:"kind"`
	Severity string `json:"severity"`
	File     string `json:"file"`
	Line     int    `json:"line,omitempty"`
	Key      string `json:"key"`
	// ConfigKey is the master entry whose row it concerns ("" for a
	// changelog finding); Recipe the recipe and override the row selects.
	ConfigKey string `json:"config_key,omitempty"`
	Recipe    string `json:"recipe,omitempty"`
	// Got and Want are the numbers compared (a cap against a per-worker
	// need, two concurrency lists), as text.
	Got  string `json:"got,omitempty"`
	Want string `json:"want,omitempty"`
	Text string `json:"text"`
	// Curve is the curve the row's points land on, as far as the master
	// entry and the recipe say (fields they do not state are empty).
	Curve model.CurveKey `json:"curve"`
}

// String is the finding as one line: file:line: key: text.
func (f Finding) String() string {
	at := f.File
	if f.Line > 0 {
		at = fmt.Sprintf("%s:%d", f.File, f.Line)
	}
	return fmt.Sprintf("%s: %s: %s", at, f.Key, f.Text)
}

// Report is every finding of one check, and what could not be checked.
type Report struct {
	Findings []Finding `json:"findings"`
	// Rows counts the master rows checked, Recipes the recipe files read.
	Rows    int      `json:"rows"`
	Recipes int      `json:"recipes"`
	Notes   []string `json:"notes"`
}

// Errors counts the findings of severity error.
func (r Report) Errors() int {
	n := 0
	for _, f := range r.Findings {
		if f.Severity == Error {
			n++
		}
	}
	return n
}

// sortFindings orders findings by file, line, key and kind, so a report
// reads the same every run.
func sortFindings(fs []Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Key != b.Key {
			return a.Key < b.Key
		}
		return a.Kind < b.Kind
	})
}

// Matches reports whether a finding concerns curve c: every curve field the
// finding states equals c's.
func (f Finding) Matches(c model.CurveKey) bool {
	fk, ck := f.Curve.Fields(), c.Fields()
	stated := false
	for i := range fk {
		if fk[i] == "" {
			continue
		}
		stated = true
		if fk[i] != ck[i] {
			return false
		}
	}
	return stated
}
