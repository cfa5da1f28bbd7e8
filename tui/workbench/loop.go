package workbench

import (
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner/ledger"
)

// The closed loop in the workbench (docs/ledger.md): a records the
// planner's point in the ledger; every load, reload and --watch change
// scores the recorded predictions against the loaded runs.

// Ledger is where the planner records and what the scorecard reads.
type Ledger struct {
	// Path is the ledger file; "" records nothing.
	Path string
	// Records and Problems are the ledger as last read (Rescore).
	Records  []ledger.Record
	Problems []ledger.Problem
	Err      error
	// Card is the scorecard of Records against the loaded points.
	Card ledger.Scorecard
	// scoredRev is the load the card was made on.
	scoredRev int
	// Runs counts the scored runs of the card.
	Runs int
}

// Rescore reads the ledger again and scores it against the loaded points:
// on every load and after a record. It returns how many more runs are
// scored than before (a run of a recorded configuration just landed).
func (s *State) Rescore() int { return s.AdoptScore(ScoreLedger(s.Loop.Path, s.Points)) }

// LedgerScore is a ledger read and scored against a load's points: made
// by the load command beside its reading (a million points take tens of
// milliseconds), adopted by the workbench with the points.
type LedgerScore struct {
	Path string
	Read ledger.Result
	Err  error
	Card ledger.Scorecard
}

// ScoreLedger reads the ledger at path and scores it against points; nil
// for no ledger.
func ScoreLedger(path string, points []model.Point) *LedgerScore {
	if path == "" {
		return nil
	}
	res, err := ledger.Read(path)
	return &LedgerScore{Path: path, Read: res, Err: err, Card: ledger.Score(res.Records, points)}
}

// AdoptScore takes a score of the loaded points (ScoreLedger) as the
// loop's; a score of another ledger, or none, changes nothing. It returns
// how many more runs are scored than before.
func (s *State) AdoptScore(sc *LedgerScore) int {
	l := &s.Loop
	if sc == nil || sc.Path != l.Path {
		return 0
	}
	l.Records, l.Problems, l.Err = sc.Read.Records, sc.Read.Problems, sc.Err
	l.Card = sc.Card
	before := l.Runs
	l.Runs = 0
	for _, m := range l.Card.Matched {
		l.Runs += len(m.Runs)
	}
	l.scoredRev = s.LoadRev
	return max(l.Runs-before, 0)
}

// Scored reports whether the card was made on the current load.
func (s *State) Scored() bool { return s.Loop.Path != "" && s.Loop.scoredRev == s.LoadRev }

// Noise is the shown curve's run-to-run spread, estimated from every loaded
// run of it measured on or before the view's date (not only the latest per
// configuration): the one estimate the CLI shows (model.NoiseAsOf).
func (s *State) Noise() model.Noise {
	var own []model.Point
	for i := range s.Points {
		if s.Points[i].Curve == s.Curve {
			own = append(own, s.Points[i])
		}
	}
	return model.NoiseAsOf(own, s.AsOf)
}
