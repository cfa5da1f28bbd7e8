package state

import (
	"fmt"
	"maps"

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
	s.Marks, s.Planned, s.Added = last.marks, last.planned, last.added
	if s.Marks == nil {
		s.Marks = map[string]bool{}
	}
	s.all = nil
	s.pending |= ChangeMarks | ChangeData
	if s.Find(s.Selected) == nil {
		s.Select(s.firstID())
	}
	return fmt.Sprintf("undone: %s (%s left to undo)", last.what, model.Plural(len(s.undo), "change")), true
}

// CanUndo reports whether u has something to take back.
func (s *State) CanUndo() bool { return len(s.undo) > 0 }
