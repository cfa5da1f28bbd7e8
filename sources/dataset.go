// Package sources reads every file format sweeptune understands (results,
// recipes, master config, changelog, points tables) and writes the ones
// export produces. It imports nothing of the TUI.
package sources

import (
	"fmt"
	"strings"

	"github.com/sweeptune/sweeptune/model"
)

// Warning is one problem with the input: the file, the field or line at
// fault where known, and what was wrong. A warning means something was
// skipped; the rest of the input still loaded.
type Warning struct {
	File  string `json:"file"`
	Field string `json:"field,omitempty"`
	Msg   string `json:"message"`
}

// String is the warning as one line of text. A line break in the file
// name, the field or the message (a file named "x\nwarning: …") is shown
// escaped, so no data can forge a second warning line; other control
// characters are escaped by the text outputs. JSON keeps the exact values.
func (w Warning) String() string {
	if w.Field != "" {
		return OneLine(w.File) + ": " + OneLine(w.Field) + ": " + OneLine(w.Msg)
	}
	return OneLine(w.File) + ": " + OneLine(w.Msg)
}

// Exact is the warning's text with every value as it is, for JSON (where
// the encoder escapes what must be).
func (w Warning) Exact() string {
	if w.Field != "" {
		return w.File + ": " + w.Field + ": " + w.Msg
	}
	return w.File + ": " + w.Msg
}

// lineBreaks escapes what ends a line in a terminal or an editor: \n, \r,
// \v, \f, NEL and the Unicode line and paragraph separators.
var lineBreaks = strings.NewReplacer("\n", `\x0a`, "\r", `\x0d`, "\v", `\x0b`, "\f", `\x0c`,
	"\u0085", `\u0085`, "\u2028", `\u2028`, "\u2029", `\u2029`)

// OneLine shows the line breaks of s escaped (\x0a, \u2028): for a name or
// message printed on one line among others.
func OneLine(s string) string {
	if !strings.ContainsAny(s, "\n\r\v\f\u0085\u2028\u2029") {
		return s
	}
	return lineBreaks.Replace(s)
}

// Variant is one resolved recipe variant: what srtctl runs for one
// override, zip element or sweep combination (or for a single recipe).
type Variant struct {
	File     string // recipe file
	Override string // selector: override_x, zip_override_x[i], sweep[i]; "" for a single recipe
	Name     string // the job name srtctl gives it
	Engine   string // sglang, vllm, trtllm, tokenspeed, …
	// Knobs the recipe fixes; Concurrency is set when the variant runs
	// exactly one concurrency.
	Knobs model.Knobs
	// Concurrencies are the client concurrencies it runs, one run each.
	Concurrencies []int
	Image         string   // model.container
	Models        []string // the names it gives its model (served name, model.path, …)
	// Curve is what the recipe says of the curve its runs belong on
	// (hardware from resources.gpu_type, precision from model.precision,
	// framework from the engine and frontend, scenario from benchmark
	// isl/osl, spec decoding from the engine arguments); a join fills a
	// point's empty curve fields from it.
	Curve model.CurveKey
}

// RunsAt reports whether the variant runs concurrency c.
func (v *Variant) RunsAt(c int) bool {
	if len(v.Concurrencies) == 0 {
		return c > 0 && v.Knobs.Concurrency == c
	}
	for _, x := range v.Concurrencies {
		if x == c {
			return true
		}
	}
	return false
}

// Dataset is everything one load produced.
type Dataset struct {
	Points   []model.Point
	Variants []Variant
	Warnings []Warning
	// Notices are facts worth telling that are not problems (published
	// results served from the cache); they do not make the exit code 2.
	Notices []string
	Files   int // files read (good or bad)
	// Changelogs are the perf-changelog files among the inputs, kept for
	// the history view (which entries fall between two run dates).
	Changelogs []ChangelogFile
	// Published records each published URL fetched: when, the body's
	// SHA-256, and whether it came from the cache.
	Published []PublishedSource

	// pending are result points still waiting for a GPU count (AIPerf
	// exports carry none); Join resolves them.
	pending []gpuPending
	// runs are the srtctl job metadata files read; Join gives their
	// directories' results the job's knobs and curve.
	runs []runMeta
	// dumps are the dashboard dump tables read, joined when the load ends.
	dumps []*dumpTables
	// latest is what the load prepared for Options.PrepareLatest.
	latest *preparedLatest
	// laterBytes is the size of the inputs still to be read after the
	// file being read: roomFor leaves room for their points.
	laterBytes int64
	stdinRead  bool // "-" was read: standard input is read once
}

// Warnf records a warning.
func (d *Dataset) Warnf(file, field, format string, args ...any) {
	d.Warnings = append(d.Warnings, Warning{File: file, Field: field, Msg: fmt.Sprintf(format, args...)})
}

// Merge appends another dataset's contents.
func (d *Dataset) Merge(o *Dataset) {
	d.Points = append(d.Points, o.Points...)
	d.Variants = append(d.Variants, o.Variants...)
	d.Warnings = append(d.Warnings, o.Warnings...)
	d.Notices = append(d.Notices, o.Notices...)
	d.Changelogs = append(d.Changelogs, o.Changelogs...)
	d.Published = append(d.Published, o.Published...)
	for _, pd := range o.pending {
		pd.point += len(d.Points) - len(o.Points)
		d.pending = append(d.pending, pd)
	}
	d.runs = append(d.runs, o.runs...)
	d.dumps = append(d.dumps, o.dumps...)
	d.Files += o.Files
}
