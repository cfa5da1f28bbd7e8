package sources

import (
	"slices"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/srt"
)

// History compares one curve as of two dates: how its frontier moved (each
// new frontier point against the old frontier at the same x, the compare
// logic) and which perf-changelog entries were committed in between. The
// workbench's H view and `sweeptune history` word it the same way
// (render.History).
type History struct {
	Shift model.DateShift
	// Entries are the changelog entries committed after From and on or
	// before To, in file order, with Mentions saying which name the curve.
	Entries  []HistoryEntry
	Undated  int    // entries git could not date
	Logs     int    // changelog files read
	LogError string `json:",omitempty"` // a changelog that could not be read
}

// HistoryEntry is one changelog entry between the dates.
type HistoryEntry struct {
	srt.DatedEntry
	File     string
	Mentions bool // its config keys name the curve
}

// BuildHistory compares points (one curve's, every date) as of from and
// to, and dates the changelogs' entries by git (I/O: run it off the UI
// thread).
func BuildHistory(points []model.Point, from, to string, x, y model.Axis, logs []srt.ChangelogFile) History {
	if to < from {
		from, to = to, from
	}
	r := History{Shift: model.ShiftBetween(points, from, to, x, y), Logs: len(logs)}
	for _, l := range logs {
		dated := srt.DateChangelog(l.Path, l.Entries)
		between, undated := srt.EntriesBetween(dated, from, to)
		r.Undated += undated
		for _, e := range between {
			r.Entries = append(r.Entries, HistoryEntry{DatedEntry: e, File: l.Path, Mentions: e.Mentions(r.Shift.Curve)})
		}
	}
	return r
}

// ReadChangelog reads a changelog file for BuildHistory (the export's
// --changelog).
func ReadChangelog(path string) (srt.ChangelogFile, error) {
	data, err := ReadRegular(path)
	if err != nil {
		return srt.ChangelogFile{}, err
	}
	entries, _ := srt.ParseChangelog(path, data)
	return srt.ChangelogFile{Path: path, Entries: entries}, nil
}

// AppendOnlyDates are the published dates the changelogs' append-only
// entries made (srt.AppendOnlyDates): the curve as published joins their
// points to the curve before them. git dates the entries, and is asked
// only when an entry is append-only; nil when none is.
func AppendOnlyDates(logs []srt.ChangelogFile) model.AppendOnlyDates {
	if !slices.ContainsFunc(logs, func(l srt.ChangelogFile) bool {
		return slices.ContainsFunc(l.Entries, func(e srt.ChangelogEntry) bool { return e.AppendOnly })
	}) {
		return nil
	}
	var dated []srt.DatedEntry
	for _, l := range logs {
		dated = append(dated, srt.DateChangelog(l.Path, l.Entries)...)
	}
	return srt.AppendOnlyDates(dated)
}

// AppendOnlyDatesOf is AppendOnlyDates of the changelog at path (export's
// --changelog, before the entry it appends; "" none) and the changelogs
// loaded among the inputs. A changelog that cannot be read adds nothing:
// the export reading it says why.
func AppendOnlyDatesOf(path string, loaded []srt.ChangelogFile) model.AppendOnlyDates {
	logs := loaded
	if path != "" && !slices.ContainsFunc(loaded, func(l srt.ChangelogFile) bool { return l.Path == path }) {
		if l, err := ReadChangelog(path); err == nil {
			logs = append(slices.Clip(logs), l)
		}
	}
	return AppendOnlyDates(logs)
}
