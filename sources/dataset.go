// Package sources reads every file format sweeptune understands (results,
// points tables, dumps; the srt-slurm recipes, master config and changelog
// through sources/srt) and loads them: detect, parse, join, name, latest.
// It imports nothing of the TUI.
package sources

import (
	"fmt"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/srt"
)

// Dataset is everything one load produced.
type Dataset struct {
	Points   []model.Point
	Variants []srt.Variant
	Warnings []Warning
	// Notices are facts worth telling that are not problems (published
	// results served from the cache); they do not make the exit code 2.
	Notices []string
	Files   int // files read (good or bad)
	// Changelogs are the perf-changelog files among the inputs, kept for
	// the history view (which entries fall between two run dates).
	Changelogs []srt.ChangelogFile
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
	// numbers is what the load kept for Options.KeepNumbers.
	numbers *keptNumbers
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
