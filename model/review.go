package model

import (
	"fmt"
	"slices"
)

// The one removal review: the CLI's review, the workbench's review pane and
// the export all call Review, so they cannot disagree (docs/review.md): a
// removal is judged against measured points of the same curve; planned
// points join the kept curve only when asked (and the verdict says so);
// removing an ID removes its configuration, so no measurement of the same
// configuration is its own neighbour.

// ReviewRequest says what to review.
type ReviewRequest struct {
	Points []Point   // every loaded point, any curve and source
	Curve  *CurveKey // the curve reviewed; nil: the removed points' curve
	Remove []string  // IDs marked for removal
	// Keep names the kept curve exactly; empty: the default kept curve
	// (KeptCurve of the curve without the removed configurations).
	Keep []string
	// KeepWhy says why Keep leaves a point out when the list is not the
	// user's own (the workbench's kept-curve toggles: the default's reason
	// or "taken out of the kept curve by hand"); a point it does not name
	// is "not in --keep".
	KeepWhy     []LeftOut
	X, Y        Axis
	WithPlanned bool // planned points may stand in the kept curve
	// AsOf judges against the curve as it was on that date (YYYY-MM-DD):
	// runs dated after it are left out; "" the latest.
	AsOf string
	// IsRival picks the other curves' points for gains (they must share
	// model, scenario, hardware and precision); nil: the competitor source.
	IsRival func(*Point) bool
	// ProjectRuns shows lone short runs projected to the curve's
	// steady-state length (ProjectRuns) so they may stand in the kept
	// curve; without it they are left out, named (docs/noise.md).
	ProjectRuns bool
	// NoisePct is the run-to-run spread assumed for metrics no repeated
	// measurement gives (--noise); 0: none.
	NoisePct float64
	// Runs are every loaded measurement, where Points may hold only the
	// latest per configuration: the noise and the run-length factors are
	// estimated from them. nil: Points.
	Runs []Point
}

// CurveReview is the review of one curve.
type CurveReview struct {
	Curve       CurveKey
	X, Y        Axis
	WithPlanned bool
	Kept        []Point          // the kept curve the line test uses
	Removed     []RemovalVerdict // one per removed ID, in request order
	NotHull     []HullRow        // kept points that are not hull vertices, kept order
	Coverage    CoverageResult   // frontier counts of the curve after the removal
	Retunes     []Retune         // kept points re-tuning published points
	Gains       []PointGain      // kept frontier points against the rivals' frontier
	NorthStar   NorthStarGate    // the dashboard's gate on the kept curve's frontier (AgentX)
	Rivals      int              // rival points compared against
	// Noise is the curve's run-to-run spread (EstimateNoise of its own
	// points, NoisePct where none is measured); verdicts, re-tunes and gains
	// no larger than the y metric's spread say WithinNoise.
	Noise Noise
	// LeftOut are the curve's points the kept curve leaves out, and why
	// (short runs, runs after AsOf, a missing metric, another measurement
	// of the configuration, …); Projection is the curve's run-length
	// projection when asked.
	LeftOut    []LeftOut
	Projection *Projection
	AsOf       string // the date judged as of; "" the latest
	Holes      []Hole // where the kept curve is thinner than the coverage rule asks
}

// YNoise is the spread of the review's y metric, if known.
func (r CurveReview) YNoise() (MetricNoise, bool) { return r.Noise.For(r.Y.Metric) }

// HullRow is a kept point that is not a vertex of the upper concave hull;
// review --json writes it with these field names.
type HullRow struct {
	ID        string  `json:"id"`
	X         float64 `json:"x"`
	Y         float64 `json:"y"`
	HullValue float64 `json:"hull_value"`
	GapPct    float64 `json:"gap_pct"` // percent below the hull (0 for a point on a hull edge)
}

// PointGain is one point against another curve's frontier at the same x.
type PointGain struct {
	ID    string
	Curve CurveKey // the point's curve
	Gain
	WithinNoise bool // the gain is no larger than the curve's y-metric spread
	// DashboardWithinNoise is WithinNoise of the dashboard's reading.
	DashboardWithinNoise bool
	// NotDrawn says why the dashboard would not draw the point on its
	// frontier (North-star gate); "" when it would or the gate does not apply.
	NotDrawn string
	// ProjectedFromS is the point's own run length when its numbers are
	// projected (model.ProjectShown); NotProjected why a short run is
	// shown raw (NotProjectedWhy). Set by MarkGainRuns.
	ProjectedFromS float64
	NotProjected   string
	ShortRunS      float64 // a short run's length when it is not projected
}

// ReviewError is bad input to a review: the message names the IDs at fault.
type ReviewError struct {
	Msg     string
	Unknown []string // IDs that name no point (the caller may list valid ones)
}

func (e *ReviewError) Error() string { return e.Msg }

// Review reviews the removals of one curve. The removed IDs must exist and
// lie on one curve; kept IDs must exist and not be removed.
func Review(req ReviewRequest) (CurveReview, error) {
	req = req.projected()
	removed, unknown := pointsOf(req.Points, req.Remove)
	if len(unknown) > 0 {
		return CurveReview{}, &ReviewError{Msg: "unknown point ID " + UnknownIDs(req.Points, unknown), Unknown: unknown}
	}
	var curve CurveKey
	switch {
	case req.Curve != nil:
		curve = *req.Curve
	case len(removed) > 0:
		curve = removed[0].Curve
	default:
		return CurveReview{}, &ReviewError{Msg: "nothing to review: no point is marked for removal"}
	}
	for _, p := range removed {
		if p.Curve != curve {
			return CurveReview{}, &ReviewError{Msg: fmt.Sprintf("%s and %s are on different curves; review one curve at a time", removed[0].ID, p.ID)}
		}
	}
	var kept []Point
	if len(req.Keep) > 0 {
		var unknown []string
		kept, unknown = pointsOf(req.Points, req.Keep)
		if len(unknown) > 0 {
			return CurveReview{}, &ReviewError{Msg: "kept set: unknown point ID " + UnknownIDs(req.Points, unknown), Unknown: unknown}
		}
		gone := idSet(removed)
		goneConfig := map[string]string{}
		for _, p := range removed {
			if p.Knobs.Mode != "" {
				goneConfig[p.Knobs.BaseID()] = p.ID
			}
		}
		for _, p := range kept {
			if gone[p.ID] {
				return CurveReview{}, &ReviewError{Msg: p.ID + " is both removed and kept"}
			}
			if id, ok := goneConfig[p.Knobs.BaseID()]; ok && p.Knobs.Mode != "" && p.Curve == curve {
				return CurveReview{}, &ReviewError{Msg: fmt.Sprintf("%s measures the same configuration as the removed %s: removing a configuration removes every measurement of it", p.ID, id)}
			}
		}
	}
	return reviewCurve(req, curve, removed, kept), nil
}

// ReviewCurves reviews every curve that has points of its own (not rivals),
// with the marked IDs removed; the workbench shows all of them.
func ReviewCurves(req ReviewRequest, marks map[string]bool) []CurveReview {
	req = req.projected()
	isRival := req.rivalFunc()
	var out []CurveReview
	for _, c := range GroupCurves(req.Points) {
		var removed []Point
		own := false
		for i := range c.Points {
			p := &c.Points[i]
			if isRival(p) {
				continue
			}
			own = true
			if marks[p.ID] {
				removed = append(removed, *p)
			}
		}
		if own {
			out = append(out, reviewCurve(req, c.Key, removed, nil))
		}
	}
	return out
}

// projected is req with its lone short runs projected, when asked; runs a
// view showed projected (ProjectShown) are taken back to what was measured
// first, so the review leans on a projection only when asked.
func (req ReviewRequest) projected() ReviewRequest {
	req.Points = Unprojected(req.Points)
	if req.Runs != nil {
		req.Runs = Unprojected(req.Runs)
	}
	if req.ProjectRuns {
		req.Points = ApplyProjection(req.Points, ProjectRuns(req.runs()))
	}
	return req
}

// runs are the measurements noise and projection are estimated from.
func (req ReviewRequest) runs() []Point {
	if req.Runs != nil {
		return req.Runs
	}
	return req.Points
}

func (req ReviewRequest) rivalFunc() func(*Point) bool {
	if req.IsRival != nil {
		return req.IsRival
	}
	return func(p *Point) bool { return p.Source == SourceCompetitor }
}

// pickPoints copies points[at...] into a slice of its own, nil for none.
func pickPoints(points []Point, at []int32) []Point {
	if len(at) == 0 {
		return nil
	}
	out := make([]Point, len(at))
	for j, i := range at {
		out[j] = points[i]
	}
	return out
}

// standing is what a review makes of a point: not the curve's, the
// removal (by ID, or as a twin of a removed configuration), left out, or
// standing in the curve after the removal.
type standing int

const (
	offCurve      standing = iota // another curve's, or a rival's
	standsRemoved                 // removed by ID
	standsAfter                   // measured after AsOf
	standsTwin                    // another measurement of a removed configuration
	standsPlanned                 // planned, and planned points may not stand
	stands                        // the curve after the removal
)

// removalScope says what a review of curve removing removed makes of each
// point. Removing an ID removes every measurement of its configuration.
type removalScope struct {
	curve       CurveKey
	isRival     func(*Point) bool
	asOf        string
	withPlanned bool
	gone        map[string]bool
	goneConfig  map[string]bool
}

func newRemovalScope(req ReviewRequest, curve CurveKey, removed []Point) removalScope {
	return newRemovalScopeAt(req, curve, len(removed), sliceAt(removed))
}

// newRemovalScopeAt is newRemovalScope of the n removed points at removed.
func newRemovalScopeAt(req ReviewRequest, curve CurveKey, n int, removed pointAt) removalScope {
	sc := removalScope{curve: curve, isRival: req.rivalFunc(), asOf: req.AsOf, withPlanned: req.WithPlanned,
		gone: make(map[string]bool, n), goneConfig: map[string]bool{}}
	for i := range n {
		p := removed(i)
		sc.gone[p.ID] = true
		if p.Knobs.Mode != "" {
			sc.goneConfig[p.Knobs.BaseID()] = true
		}
	}
	return sc
}

func (sc removalScope) after(p *Point) bool {
	return sc.asOf != "" && p.Prov.Date != "" && day(p.Prov.Date) > sc.asOf
}

func (sc removalScope) of(p *Point) standing {
	switch {
	case p.Curve != sc.curve || sc.isRival(p):
		return offCurve
	case sc.gone[p.ID]:
		return standsRemoved
	case sc.after(p):
		return standsAfter
	case p.Knobs.Mode != "" && sc.goneConfig[string(p.Knobs.appendBaseID(make([]byte, 0, 64)))]: // no allocation for the lookup
		return standsTwin
	case p.Source == SourcePlanned && !sc.withPlanned:
		return standsPlanned
	}
	return stands
}

// reviewCurve does the work once the inputs are resolved; kept nil means
// the default kept curve.
func reviewCurve(req ReviewRequest, curve CurveKey, removed, kept []Point) CurveReview {
	x, y := req.X, req.Y
	isRival := req.rivalFunc()
	r := CurveReview{Curve: curve, X: x, Y: y, WithPlanned: req.WithPlanned, AsOf: req.AsOf}
	sc := newRemovalScope(req, curve, removed)
	after := sc.after

	twins := map[string][]string{}
	// The curve's points are picked by index and copied once each (a
	// point is hundreds of bytes; appending copies grew by doubling).
	var restAt []int32 // the curve after the removal: what stays and may count
	var ownAt []int32  // every measurement of the curve: the noise
	for i := range req.Points {
		p := &req.Points[i]
		st := sc.of(p)
		if st == offCurve {
			continue
		}
		if !after(p) {
			ownAt = append(ownAt, int32(i))
		}
		switch st {
		case standsAfter:
			r.LeftOut = append(r.LeftOut, LeftOut{ID: p.ID, Reason: "measured after " + req.AsOf})
		case standsTwin:
			cfg := p.Knobs.BaseID()
			twins[cfg] = append(twins[cfg], p.ID)
		case standsPlanned:
			r.LeftOut = append(r.LeftOut, LeftOut{ID: p.ID, Reason: "planned, not measured (--with-planned lets it stand)"})
		case stands:
			restAt = append(restAt, int32(i))
		}
	}
	rest := pickPoints(req.Points, restAt)
	// the curve's measurements the noise and the factors come from: read
	// where they lie, copied only for a projection
	runsIn, runsAt := req.Points, ownAt
	if req.Runs != nil {
		runsIn, runsAt = req.Runs, nil
		for i := range req.Runs {
			if p := &req.Runs[i]; p.Curve == curve && !isRival(p) && !after(p) { // the runs as of the date
				runsAt = append(runsAt, int32(i))
			}
		}
	}
	var runsOf []Point
	if req.ProjectRuns {
		runsOf = pickPoints(runsIn, runsAt)
	}
	covered := rest
	if kept == nil {
		var left []LeftOut
		kept, left = KeptCurveWhy(rest, x, y)
		// A short run says what the run-length projection makes of it.
		short := map[string]string{}
		for _, sk := range shortRunsLeftOut(rest, runsOf, req.ProjectRuns) {
			short[sk.ID] = sk.Reason
		}
		for i := range left {
			if why, ok := short[left[i].ID]; ok {
				left[i].Reason = why
			}
		}
		r.LeftOut = append(r.LeftOut, left...)
	} else {
		covered = kept
		in := idSet(kept)
		why := map[string]string{}
		for _, l := range req.KeepWhy {
			why[l.ID] = l.Reason
		}
		for _, p := range rest {
			if !in[p.ID] {
				reason := why[p.ID]
				if reason == "" {
					reason = "not in --keep"
				}
				r.LeftOut = append(r.LeftOut, LeftOut{ID: p.ID, Reason: reason})
			}
		}
	}
	r.Kept = kept
	runsIdx := make([]int, len(runsAt))
	for k, i := range runsAt {
		runsIdx[k] = int(i)
	}
	r.Noise = EstimateNoiseAt(runsIn, runsIdx).WithDefault(req.NoisePct)
	if req.ProjectRuns {
		if pr, ok := ProjectionOf(ProjectRuns(runsOf), curve); ok {
			r.Projection = &pr
		}
	}
	within := func(pct float64) bool {
		w, _, _ := r.Noise.Within(y.Metric, pct)
		return w
	}

	planned := map[string]bool{}
	for _, p := range kept {
		if p.Source == SourcePlanned {
			planned[p.ID] = true
		}
	}
	r.Removed = ReviewRemovals(kept, removed, x, y)
	for i := range r.Removed {
		v := &r.Removed[i]
		v.WithinNoise = v.HasLine && within(v.GapPct)
		if removed[i].Knobs.Mode != "" {
			v.Twins = twins[removed[i].Knobs.BaseID()]
		}
		for _, id := range append(append([]string{}, v.Neighbours...), v.DominatedBy) {
			if planned[id] && !slices.Contains(v.Planned, id) {
				v.UsesPlanned = true
				v.Planned = append(v.Planned, id)
			}
		}
	}

	for _, g := range HullGaps(kept, x, y) {
		if !g.Vertex {
			p := &kept[g.Index]
			px, py, _ := p.XY(x, y)
			r.NotHull = append(r.NotHull, HullRow{ID: p.ID, X: px, Y: py, HullValue: g.HullValue, GapPct: g.GapPct})
		}
	}
	r.Coverage = Coverage(covered, y)

	isKept := idSet(kept)
	var publishedAt []int32
	for i := range req.Points {
		p := &req.Points[i]
		if p.Curve == curve && p.Source == SourcePublished && !isKept[p.ID] && !after(p) {
			publishedAt = append(publishedAt, int32(i))
		}
	}
	r.Retunes = retunesOf(kept, len(publishedAt), func(j int) *Point { return &req.Points[publishedAt[j]] }, x, y)
	for i := range r.Retunes {
		r.Retunes[i].WithinNoise = r.Retunes[i].HasY && within(r.Retunes[i].DYPct)
	}

	r.Holes = Holes(kept, removed, x, y)

	rivals := Rivals(req.Points, curve, func(p *Point) bool { return isRival(p) && !after(p) })
	r.Rivals = len(rivals)
	if len(rivals) > 0 {
		onFront := map[int]bool{}
		for _, i := range Frontier(kept, x, y) {
			onFront[i] = true
		}
		for _, g := range Gains(kept, rivals, x, y) {
			if onFront[g.Index] {
				r.Gains = append(r.Gains, PointGain{ID: kept[g.Index].ID, Curve: curve, Gain: g,
					WithinNoise: g.HasOther && within(g.GainPct), DashboardWithinNoise: g.HasOther && within(g.DashboardPct)})
			}
		}
	}
	_, r.NorthStar = DashboardFrontier(kept, x, y)
	notDrawn := r.NorthStar.NotDrawnIDs()
	for i := range r.Gains {
		r.Gains[i].NotDrawn = notDrawn[r.Gains[i].ID]
	}
	return r
}

// AllCovered reports whether every removed point is covered.
func (r CurveReview) AllCovered() bool {
	for _, v := range r.Removed {
		if !v.Covered {
			return false
		}
	}
	return true
}

// KeptPoint returns the kept point with the ID, or nil.
func (r CurveReview) KeptPoint(id string) *Point {
	if i := FindID(r.Kept, id); i >= 0 {
		return &r.Kept[i]
	}
	return nil
}

// pointsOf resolves IDs (repeats count once) and lists the unknown ones.
func pointsOf(points []Point, ids []string) (found []Point, unknown []string) {
	at, unknown := indexOfIDs(len(points), sliceAt(points), ids)
	for _, i := range at {
		found = append(found, points[i])
	}
	return found, unknown
}

// fewIDs is how many IDs indexOfIDs finds by scanning rather than by a map
// of every point's ID.
const fewIDs = 16

// indexOfIDs is pointsOf of the n points at reads: the index of the first
// point of each ID (the IDs without repeats), and the IDs of none.
func indexOfIDs(n int, at pointAt, ids []string) (found []int, unknown []string) {
	find := func(id string) (int, bool) {
		for i := range n {
			if at(i).ID == id {
				return i, true
			}
		}
		return 0, false
	}
	repeat := func(k int) bool { return slices.Contains(ids[:k], ids[k]) }
	if len(ids) > fewIDs {
		index := make(map[string]int, n)
		for i := n - 1; i >= 0; i-- {
			index[at(i).ID] = i // the first of an ID written last
		}
		find = func(id string) (int, bool) {
			i, ok := index[id]
			return i, ok
		}
		seen := make(map[string]bool, len(ids))
		repeat = func(k int) bool {
			r := seen[ids[k]]
			seen[ids[k]] = true
			return r
		}
	}
	for k, id := range ids {
		if repeat(k) {
			continue
		}
		if i, ok := find(id); ok {
			found = append(found, i)
		} else {
			unknown = append(unknown, id)
		}
	}
	return found, unknown
}

func idSet(points []Point) map[string]bool {
	out := make(map[string]bool, len(points))
	for i := range points {
		out[points[i].ID] = true
	}
	return out
}

// ReviewWithFlips is Review with its default kept curve changed point by
// point (the workbench's form of --keep): a flipped kept point leaves the
// kept curve, a flipped point the default leaves out joins it. It returns
// the kept IDs it judged against (nil when nothing is flipped), so the
// export can judge against the same set.
func ReviewWithFlips(req ReviewRequest, flips map[string]bool) (CurveReview, []string, error) {
	r, err := Review(req)
	if err != nil || len(flips) == 0 || len(req.Keep) > 0 {
		return r, nil, err
	}
	var keep []string
	changed := false
	for i := range r.Kept {
		if id := r.Kept[i].ID; flips[id] {
			changed = true
		} else {
			keep = append(keep, id)
		}
	}
	for _, l := range r.LeftOut {
		if flips[l.ID] && FindID(req.Points, l.ID) >= 0 {
			keep = append(keep, l.ID)
			changed = true
		}
	}
	if !changed {
		return r, nil, nil
	}
	left := r.LeftOut
	req.Keep = keep
	r2, err := Review(req)
	if err != nil {
		return r, nil, err
	}
	// Say why each point is out: the default's reason, or the flip.
	in := map[string]bool{}
	for _, id := range keep {
		in[id] = true
	}
	r2.LeftOut = nil
	for _, l := range left {
		if !in[l.ID] {
			r2.LeftOut = append(r2.LeftOut, l)
		}
	}
	for i := range r.Kept {
		if id := r.Kept[i].ID; flips[id] {
			r2.LeftOut = append(r2.LeftOut, LeftOut{ID: id, Reason: "taken out of the kept curve by hand"})
		}
	}
	return r2, keep, nil
}

// shortRunsLeftOut names the short runs of rest the default kept curve does
// not lean on. all is the whole curve (for the projection's reasons).
func shortRunsLeftOut(rest, all []Point, projected bool) []Skip {
	var pr Projection
	var hasPr bool
	var out []Skip
	for i := range rest {
		p := &rest[i]
		if !p.Prov.ShortRun() {
			continue
		}
		reason := fmt.Sprintf("a %s run: not steady state, so not leaned on unless projected", seconds(p.Prov.DurationS))
		if projected {
			if !hasPr {
				pr, hasPr = ProjectionOf(ProjectRuns(all), p.Curve)
			}
			reason = fmt.Sprintf("a %s run: ", seconds(p.Prov.DurationS))
			switch {
			case slices.Contains(pr.Superseded, p.ID):
				reason += "its configuration's full-length run stands for it"
			default:
				why := "no run-length factor projects it"
				for _, s := range pr.Unprojected {
					if s.ID == p.ID {
						why = s.Reason
					}
				}
				reason += why
			}
		}
		out = append(out, Skip{ID: p.ID, Reason: reason})
	}
	return out
}

// Removal verdicts in words, the line test's with the noise beside it
// (docs/noise.md): a gap no larger than the run-to-run spread is neither
// clearly under the line nor clearly over it.
const (
	VerdictCovered     = "covered"
	VerdictWithinNoise = "within noise of the line"
	VerdictNotCovered  = "not covered"
)

// Verdict is the removal's verdict in words. The exit code and the export
// stay the line test's (Covered).
func (v RemovalVerdict) Verdict() string {
	switch {
	case v.HasLine && v.WithinNoise:
		return VerdictWithinNoise
	case v.Covered:
		return VerdictCovered
	}
	return VerdictNotCovered
}
