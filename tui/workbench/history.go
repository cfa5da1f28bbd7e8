package workbench

import (
	"fmt"
	"maps"
	"slices"

	"github.com/sweeptune/sweeptune/model"
)

// maxUndo is how many mark and plan changes u can take back.
const maxUndo = 50

// snapshot is the marks, the plan and the export's measured points before
// one change, with what the change was (for "undone: …").
type snapshot struct {
	what    string
	marks   map[string]bool
	planned []model.Point
	added   []string
}

// remember records the state before a change described by what.
func (s *State) remember(what string) {
	s.undo = append(s.undo, snapshot{what: what, marks: maps.Clone(s.Marks), planned: s.Planned, added: s.Added})
	if len(s.undo) > maxUndo {
		s.undo = s.undo[len(s.undo)-maxUndo:]
	}
}

// Undo restores the state before the last mark or plan change and says
// what was undone; ok is false when there is nothing to undo.
func (s *State) Undo() (string, bool) {
	if len(s.undo) == 0 {
		return "nothing to undo", false
	}
	last := s.undo[len(s.undo)-1]
	s.undo = s.undo[:len(s.undo)-1]
	planned := !samePoints(s.Planned, last.planned)
	s.Marks, s.Planned, s.Added = last.marks, last.planned, last.added
	if s.Marks == nil {
		s.Marks = map[string]bool{}
	}
	if planned {
		s.dataChanged() // the views hold planned points
	} else {
		s.pending |= ChangeData // as before for the panes; the views hold no marks: kept
	}
	s.pending |= ChangeMarks
	if s.Find(s.Selected) == nil {
		s.Select(s.firstID())
	}
	return fmt.Sprintf("undone: %s (%s left to undo)", last.what, model.Plural(len(s.undo), "change")), true
}

// CanUndo reports whether u has something to take back.
func (s *State) CanUndo() bool { return len(s.undo) > 0 }

// ToggleAdded puts a measured point into the export as it is, or takes it
// out; it says which, for the status line. u undoes it.
func (s *State) ToggleAdded(id string) string {
	if i := slices.Index(s.Added, id); i >= 0 {
		s.remember("took " + id + " out of the export")
		s.Added = slices.Delete(slices.Clone(s.Added), i, i+1)
		s.pending |= ChangeMarks
		return fmt.Sprintf("took %s out of the export · %s to export", id, model.Plural(len(s.Added), "measured point"))
	}
	s.remember("added " + id + " to the export")
	s.Added = append(slices.Clone(s.Added), id)
	s.pending |= ChangeMarks
	return fmt.Sprintf("added %s to the export as measured · %s to export", id, model.Plural(len(s.Added), "measured point"))
}

// IsAdded reports a measured point put in the export.
func (s *State) IsAdded(id string) bool { return slices.Contains(s.Added, id) }

// ClearExported drops the marks, planned points and measured points a
// successful export wrote: they are in the files now. u brings them back.
func (s *State) ClearExported(marks, planned, added []string) {
	if len(marks)+len(planned)+len(added) == 0 {
		return
	}
	s.remember("cleared what the export wrote")
	s.Marks = maps.Clone(s.Marks)
	for _, id := range marks {
		delete(s.Marks, id)
	}
	var keep []model.Point
	for _, p := range s.Planned {
		if !slices.Contains(planned, p.ID) {
			keep = append(keep, p)
		}
	}
	s.Planned = keep
	var left []string
	for _, id := range s.Added {
		if !slices.Contains(added, id) {
			left = append(left, id)
		}
	}
	s.Added = left
	s.dataChanged()
	s.pending |= ChangeMarks
	if s.Find(s.Selected) == nil {
		s.Select(s.firstID())
	}
}

// samePoints reports whether a and b are one slice (the plan unchanged).
func samePoints(a, b []model.Point) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}
