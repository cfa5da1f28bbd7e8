package sources

import (
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/model/numbering"
)

// The load chooses the fast forms of the rules, here and in load.go, and
// nowhere else (docs/codebase.md): a program that loads points names a
// million of them with numbering.AssignIDs and finds their latest runs
// with numbering.LatestIndexOf behind model.LatestIndex, the same answers
// as the rules' plain code (model.AssignIDs, model.LatestIndexRule), which
// numbering's reference tests hold them to.
func init() { model.UseFastLatest(numbering.LatestIndexOf) }
