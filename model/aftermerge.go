package model

import (
	"math"
	"slices"
	"sort"
)

// The curve after merge (docs/dashboard.md): what the sweep of a change
// set's listed keys will publish, set against the curve the dashboard
// publishes now. Under the latest-date rule the sweep replaces the whole
// curve group, so a published point no listed key runs disappears; an
// append-only entry appends instead.

// SweepPoint is one point the listed keys' search spaces will run: its
// configuration and the config key whose row runs it.
type SweepPoint struct {
	Knobs Knobs
	Key   string
}

// Point statuses in the preview.
const (
	StatusMeasured  = "measured"
	StatusPredicted = "predicted" // a planned point: the planner's numbers
	StatusNoRun     = "no run"    // nothing loaded measures it yet
)

// PreviewPoint is a point of the curve before or after merge.
type PreviewPoint struct {
	ID     string  `json:"id"`
	Arm    string  `json:"arm"`
	Key    string  `json:"config_key,omitempty"`
	Status string  `json:"status"`
	Date   string  `json:"date,omitempty"`
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	HasXY  bool    `json:"has_xy"`
	Short  bool    `json:"short_run,omitempty"` // a run shorter than steady state: on no frontier
	config string
	point  *Point
}

// Lost is a published point the curve after merge no longer has.
type Lost struct {
	ID         string `json:"id"`
	Arm        string `json:"arm"`
	Asked      bool   `json:"asked"` // a reviewed removal of the change set
	OnFrontier bool   `json:"on_frontier"`
}

// FrontBand is an interval of x; Empty after merge when the curve before had a
// frontier point in it and the curve after has none.
type FrontBand struct {
	Lo     float64 `json:"lo"`
	Hi     float64 `json:"hi"`
	Before int     `json:"before"`
	After  int     `json:"after"`
}

// GainFlip is a competitor frontier point against which the curve's gain
// changes sign after merge.
type GainFlip struct {
	X      float64 `json:"x"`
	Before float64 `json:"before_pct"`
	After  float64 `json:"after_pct"`
}

// PreviewRequest is a change set as the preview takes it.
type PreviewRequest struct {
	Points     []Point // every loaded point
	Curve      CurveKey
	Group      string // PublishedGroup of the curve's points the sweep runs
	AsOf       string
	Sweep      []SweepPoint
	Removed    []string // IDs the change set removes (reviewed)
	AppendOnly bool     // the change set's own entry is append-only
	// Appended says which published dates came from earlier append-only
	// entries (their points join the curve published now); nil: none.
	Appended AppendOnlyDates
	X, Y     Axis // the front's axes
	GainX    Axis // the competitor gain's axis (the dashboard's p90 interactivity)
	Bands    int  // bands over the front's x range; 0: 5
}

// Preview is the curve after merge against the curve published now.
type Preview struct {
	Curve         CurveKey `json:"curve"`
	AsOf          string   `json:"as_of,omitempty"`
	AppendOnly    bool     `json:"append_only"`
	PublishedDate string   `json:"published_date"`
	// PublishedAppended are the later append-only dates whose points join
	// the published curve (the changelog's append-only entries).
	PublishedAppended []string       `json:"published_appended,omitempty"`
	Published         []PreviewPoint `json:"published"`
	After             []PreviewPoint `json:"after"`
	Lost              []Lost         `json:"lost"`
	ArmsLost          []string       `json:"arms_lost"`       // arms no point after merge runs, not asked
	ArmsRemoved       []string       `json:"arms_removed"`    // arms the reviewed removals take out
	FrontierLost      []string       `json:"frontier_lost"`   // published frontier points lost, not asked
	FrontBefore       [2]float64     `json:"front_before"`    // x range of the frontier before (less asked removals)
	FrontAfter        [2]float64     `json:"front_after"`     // x range of the measured frontier after
	Truncated         []string       `json:"front_truncated"` // "low x", "high x": ends the front no longer reaches
	Bands             []FrontBand    `json:"bands"`
	EmptyBands        int            `json:"empty_bands"`
	Check14Before     CoverageResult `json:"check14_before"`
	Check14After      CoverageResult `json:"check14_after"`
	Unmeasured        int            `json:"unmeasured"` // points after merge without a run yet
	Check14Drop       bool           `json:"check14_drop"`
	GainFlips         []GainFlip     `json:"gain_flips"`
	X                 string         `json:"axis"`
	Y                 string         `json:"y_axis"`
}

// Arm is a point's topology (its shape without concurrency and decode cap):
// the curve's arms are what a narrow sweep drops.
func Arm(k Knobs) string {
	k.Concurrency = 0
	k.DecodeBS, k.MaxRunningRequests, k.DecodeExtraSlots, k.Balance = 0, 0, 0, ""
	return k.Shape()
}

// PreviewAfterMerge works out the curve after merge.
func PreviewAfterMerge(req PreviewRequest) Preview {
	x, y := req.X, req.Y
	pv := Preview{Curve: req.Curve, AsOf: req.AsOf, AppendOnly: req.AppendOnly, X: x.Name, Y: y.Name}
	asked := map[string]bool{}
	for _, id := range req.Removed {
		if i := FindID(req.Points, id); i >= 0 {
			asked[req.Points[i].Knobs.BaseID()] = true
		}
	}
	pubIdx, dates := PublishedCurve(req.Points, req.Group, req.AsOf, req.Appended)
	pv.PublishedDate, pv.PublishedAppended = dates.Base, dates.Appended
	for _, i := range pubIdx {
		pv.Published = append(pv.Published, previewPoint(&req.Points[i], StatusMeasured, "", x, y))
	}
	// After merge: each swept configuration's latest run of the curve on or
	// before the date (a planned point predicts it); with append-only, the
	// published points stay beside them.
	latest := map[string]*Point{}
	for i := range req.Points {
		p := &req.Points[i]
		if p.Curve != req.Curve || p.Source == SourceCompetitor || (req.AsOf != "" && p.Prov.Date > req.AsOf) {
			continue
		}
		c := p.Knobs.BaseID()
		if q := latest[c]; q == nil || laterFor(p, q) {
			latest[c] = p
		}
	}
	seen := map[string]bool{}
	for _, s := range req.Sweep {
		c := s.Knobs.BaseID()
		if seen[c] {
			continue
		}
		seen[c] = true
		p := latest[c]
		switch {
		case p == nil:
			pv.After = append(pv.After, PreviewPoint{ID: c, Arm: Arm(s.Knobs), Key: s.Key, Status: StatusNoRun, config: c})
			pv.Unmeasured++
		case p.Source == SourcePlanned:
			pv.After = append(pv.After, previewPoint(p, StatusPredicted, s.Key, x, y))
			pv.Unmeasured++
		default:
			pv.After = append(pv.After, previewPoint(p, StatusMeasured, s.Key, x, y))
		}
	}
	if req.AppendOnly {
		for _, pp := range pv.Published {
			if !seen[pp.config] {
				seen[pp.config] = true
				pv.After = append(pv.After, pp)
			}
		}
	}
	pv.diff(asked, req, x, y)
	return pv
}

// laterFor reports whether p should stand for its configuration rather
// than q: a measured run before a planned one, a steady-state run before a
// short one (the sweep runs at steady state), then the later date.
func laterFor(p, q *Point) bool {
	if (p.Source == SourcePlanned) != (q.Source == SourcePlanned) {
		return q.Source == SourcePlanned
	}
	if p.Prov.RawShort() != q.Prov.RawShort() {
		return q.Prov.RawShort()
	}
	return p.Prov.Date > q.Prov.Date
}

func previewPoint(p *Point, status, key string, x, y Axis) PreviewPoint {
	pp := PreviewPoint{ID: p.ID, Arm: Arm(p.Knobs), Key: key, Status: status, Date: p.Prov.Date,
		Short: p.Prov.RawShort(), config: p.Knobs.BaseID(), point: p}
	if xv, yv, ok := p.XY(x, y); ok {
		pp.X, pp.Y, pp.HasXY = xv, yv, true
	}
	return pp
}

// frontOf is the frontier (as points) of the preview points that are
// measured steady-state runs (or all with HasXY when predicted count).
func frontOf(pps []PreviewPoint, x, y Axis) []PreviewPoint {
	var pts []Point
	var at []int
	for i, pp := range pps {
		if pp.point != nil && pp.Status == StatusMeasured {
			pts = append(pts, *pp.point)
			at = append(at, i)
		}
	}
	var out []PreviewPoint
	for _, k := range Frontier(pts, x, y) {
		out = append(out, pps[at[k]])
	}
	return out
}

func pointsOfPreview(pps []PreviewPoint) []Point {
	var out []Point
	for _, pp := range pps {
		if pp.point != nil && pp.Status == StatusMeasured {
			out = append(out, *pp.point)
		}
	}
	return out
}

func (pv *Preview) diff(asked map[string]bool, req PreviewRequest, x, y Axis) {
	after := map[string]bool{}
	afterArms := map[string]bool{}
	for _, pp := range pv.After {
		after[pp.config] = true
		afterArms[pp.Arm] = true
	}
	onFront := map[string]bool{}
	for _, pp := range frontOf(pv.Published, x, y) {
		onFront[pp.config] = true
	}
	armsAsked, armsLost := map[string]bool{}, map[string]bool{}
	var baseline []PreviewPoint // the published curve less the asked removals
	for _, pp := range pv.Published {
		if asked[pp.config] {
			if !after[pp.config] {
				pv.Lost = append(pv.Lost, Lost{ID: pp.ID, Arm: pp.Arm, Asked: true, OnFrontier: onFront[pp.config]})
				if !afterArms[pp.Arm] {
					armsAsked[pp.Arm] = true
				}
			}
			continue
		}
		baseline = append(baseline, pp)
		if after[pp.config] {
			continue
		}
		pv.Lost = append(pv.Lost, Lost{ID: pp.ID, Arm: pp.Arm, OnFrontier: onFront[pp.config]})
		if onFront[pp.config] {
			pv.FrontierLost = append(pv.FrontierLost, pp.ID)
		}
		if !afterArms[pp.Arm] {
			armsLost[pp.Arm] = true
		}
	}
	for a := range armsAsked {
		if armsLost[a] {
			delete(armsAsked, a)
		}
	}
	pv.ArmsLost, pv.ArmsRemoved = sortedSet(armsLost), sortedSet(armsAsked)

	before, afterFront := frontOf(baseline, x, y), frontOf(pv.After, x, y)
	pv.FrontBefore, pv.FrontAfter = xRange(before), xRange(afterFront)
	if len(before) > 0 {
		switch {
		case len(afterFront) == 0:
			pv.Truncated = []string{"low x", "high x"}
		default:
			if pv.FrontAfter[0] > pv.FrontBefore[0]*(1+frontSlack) {
				pv.Truncated = append(pv.Truncated, "low x")
			}
			if pv.FrontAfter[1] < pv.FrontBefore[1]*(1-frontSlack) {
				pv.Truncated = append(pv.Truncated, "high x")
			}
		}
		k := req.Bands
		if k <= 0 {
			k = 5
		}
		lo, hi := pv.FrontBefore[0], pv.FrontBefore[1]
		if hi > lo {
			w := (hi - lo) / float64(k)
			for b := 0; b < k; b++ {
				bd := FrontBand{Lo: lo + float64(b)*w, Hi: lo + float64(b+1)*w}
				in := func(v float64) bool { return v >= bd.Lo && (v < bd.Hi || b == k-1 && v <= bd.Hi) }
				for _, pp := range before {
					if in(pp.X) {
						bd.Before++
					}
				}
				for _, pp := range afterFront {
					if in(pp.X) {
						bd.After++
					}
				}
				if bd.Before > 0 && bd.After == 0 {
					pv.EmptyBands++
				}
				pv.Bands = append(pv.Bands, bd)
			}
		}
	}
	pv.Check14Before = Coverage(pointsOfPreview(pv.Published), y)
	pv.Check14After = Coverage(pointsOfPreview(pv.After), y)
	for _, c := range [][2]int{{pv.Check14Before.P90E2EL, pv.Check14After.P90E2EL}, {pv.Check14Before.P75E2EL, pv.Check14After.P75E2EL}} {
		if c[0] >= RecommendedFrontierPoints && c[1]+pv.Unmeasured < RecommendedFrontierPoints {
			pv.Check14Drop = true
		}
	}
	pv.GainFlips = gainFlips(req, pointsOfPreview(baseline), pointsOfPreview(pv.After))
}

// frontSlack is how far (relative) an end of the front may move in before
// the front counts as truncated: less than run-to-run noise in interactivity.
const frontSlack = 0.02

func xRange(front []PreviewPoint) [2]float64 {
	if len(front) == 0 {
		return [2]float64{}
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, pp := range front {
		lo, hi = min(lo, pp.X), max(hi, pp.X)
	}
	return [2]float64{lo, hi}
}

// gainFlips reads the curve before and after at each competitor frontier
// point's x (linear, where both curves reach) and keeps the sign changes.
func gainFlips(req PreviewRequest, before, after []Point) []GainFlip {
	gx, y := req.GainX, req.Y
	if gx.Name == "" {
		return nil
	}
	rivals := Rivals(req.Points, req.Curve, func(p *Point) bool {
		return p.Source == SourceCompetitor && (req.AsOf == "" || p.Prov.Date <= req.AsOf)
	})
	if len(rivals) == 0 {
		return nil
	}
	bl, al := NewFrontierLine(before, gx, y), NewFrontierLine(after, gx, y)
	var out []GainFlip
	for _, k := range Frontier(rivals, gx, y) {
		rx, ry, _ := rivals[k].XY(gx, y)
		b, okb := bl.At(rx)
		a, oka := al.At(rx)
		if !okb || !oka || ry == 0 {
			continue
		}
		gb, ga := 100*(b/ry-1), 100*(a/ry-1)
		if (gb > 0) != (ga > 0) {
			out = append(out, GainFlip{X: rx, Before: gb, After: ga})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].X < out[j].X })
	return out
}

func sortedSet(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// LosesCoverage reports what the guard refuses: a point, a frontier point,
// an arm or an end of the front lost that the change set did not ask to
// remove, or Check 14 dropped below the recommendation.
func (pv Preview) LosesCoverage() bool {
	for _, l := range pv.Lost {
		if !l.Asked {
			return true
		}
	}
	return len(pv.ArmsLost) > 0 || len(pv.Truncated) > 0 || pv.Check14Drop
}
