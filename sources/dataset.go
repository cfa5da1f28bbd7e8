// Package sources reads every file format sweeptune understands (results,
// recipes, master config, changelog, points tables) and writes the ones
// export produces. It imports nothing of the TUI.
package sources

import (
	"fmt"

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

func (w Warning) String() string {
	if w.Field != "" {
		return fmt.Sprintf("%s: %s: %s", w.File, w.Field, w.Msg)
	}
	return fmt.Sprintf("%s: %s", w.File, w.Msg)
}

// Variant is one resolved recipe variant: the knobs an srt-slurm bundle's
// override (or a schema-1 recipe) gives.
type Variant struct {
	File     string      // recipe file
	Override string      // override key ("" for base or a schema-1 recipe)
	Name     string      // the resolved name field
	Knobs    model.Knobs // knobs the recipe fixes; Concurrency from benchmark.env.CONC
	Image    string      // model.container
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

	// pending are result points still waiting for a GPU count (AIPerf
	// exports carry none); Join resolves them.
	pending []gpuPending
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
	for _, pd := range o.pending {
		pd.point += len(d.Points) - len(o.Points)
		d.pending = append(d.pending, pd)
	}
	d.Files += o.Files
}
