package workbench

import (
	"github.com/sweeptune/sweeptune/audit"
	"github.com/sweeptune/sweeptune/model"
)

// The curve picker's order: the loaded curves ranked by retune value
// (audit.Run, docs/audit.md), made by the load command beside its other
// work and adopted with the load.

// RankMaxPoints is the largest load the load command ranks: beyond it the
// audit would hold the first frame back by seconds, and the picker keeps
// the curves' own order (the CLI's sweeptune audit ranks any load).
const RankMaxPoints = 200_000

// Ranking is the audit of one load.
type Ranking struct {
	Audit  *audit.Audit
	byKey  map[model.CurveKey]int
	loaded int // the LoadRev it was adopted on
}

// RankCurves audits the loaded points for the picker (the planner left
// out: its proposals cost tens of milliseconds a curve); nil past
// RankMaxPoints.
func RankCurves(points []model.Point) *Ranking {
	if len(points) == 0 || len(points) > RankMaxPoints {
		return nil
	}
	a := audit.Run(audit.Request{Points: points, PlanTop: -1})
	r := &Ranking{Audit: a, byKey: make(map[model.CurveKey]int, len(a.Rows))}
	for i := range a.Rows {
		r.byKey[a.Rows[i].Curve] = i
	}
	return r
}

// AdoptRanking takes the load command's ranking as the current load's.
func (s *State) AdoptRanking(r *Ranking) {
	if r != nil {
		r.loaded = s.LoadRev
	}
	s.ranking = r
}

// CurveRank is a curve's audit row when the current load was ranked.
func (s *State) CurveRank(k model.CurveKey) (*audit.Row, bool) {
	r := s.ranking
	if r == nil || r.loaded != s.LoadRev {
		return nil, false
	}
	i, ok := r.byKey[k]
	if !ok {
		return nil, false
	}
	return &r.Audit.Rows[i], true
}
