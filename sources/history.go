package sources

import (
	"slices"
	"sync"

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
// points to the curve before them. nil when no entry is append-only. git
// dates the entries (seconds on InferenceX's history), so it is asked
// once, and only when a curve the rule is asked about is named by an
// append-only entry.
func AppendOnlyDates(logs []srt.ChangelogFile) model.AppendOnlyDates {
	var appendOnly []srt.ChangelogEntry
	for _, l := range logs {
		for _, e := range l.Entries {
			if e.AppendOnly {
				appendOnly = append(appendOnly, e)
			}
		}
	}
	if len(appendOnly) == 0 {
		return nil
	}
	var once sync.Once
	var dated model.AppendOnlyDates
	return func(k model.CurveKey, date string) bool {
		if !slices.ContainsFunc(appendOnly, func(e srt.ChangelogEntry) bool { return e.Mentions(k) }) {
			return false
		}
		once.Do(func() {
			var entries []srt.DatedEntry
			for _, l := range logs {
				entries = append(entries, srt.DateChangelog(l.Path, l.Entries)...)
			}
			dated = srt.AppendOnlyDates(entries)
		})
		return dated != nil && dated(k, date)
	}
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
