package model

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Selection: one point per interactivity band, chosen among a curve's
// measured candidates with a margin for run-to-run noise, so that every
// removal it implies passes the line test (docs/select.md).
//
//   - Candidates are the curve's measured points (published and local, never
//     planned or a competitor's) that have both axes, one per configuration:
//     the run of the latest date; among runs of one date (or undated) a
//     steady-state run before a short one, then the one loaded last.
//   - A configuration with any published measurement is on the dashboard
//     now: an incumbent. The others are challengers.
//   - Per band the best incumbent (highest y) stays unless a challenger beats
//     it on both axes by more than the margin; of those the highest y wins.
//     Challengers that dominate it only inside the margin are "inside noise".
//     A band with no incumbent takes its highest-y challenger.
//   - Every other incumbent of a band is an implied removal, judged by
//     ReviewRemovals against the chosen points. A removal the line test does
//     not cover splits its band between it and the chosen point, and the
//     choice runs again, until every removal is covered.

// DefaultSelectBands is the band count when neither bands nor edges are
// given: InferenceX's recommended number of frontier points per curve.
const DefaultSelectBands = RecommendedFrontierPoints

// DefaultMarginPct is the margin when none is given and the curve has no
// measured run-to-run noise (docs/select.md).
const DefaultMarginPct = 2.0

// maxSplitRounds bounds the split-and-choose rounds; what is still not
// covered after them is kept beside the band's choice.
const maxSplitRounds = 64

// Margin is the least gain a replacement must show on each axis, in
// percent, and where the number came from.
type Margin struct {
	Pct    float64 `json:"pct"`
	Source string  `json:"source"` // "--margin", "run-to-run noise (…)", "default"
	// Pairs are the repeated measurements behind a margin from run-to-run
	// noise (0 otherwise).
	Pairs int `json:"pairs"`
}

// SelectRequest says what to select.
type SelectRequest struct {
	Points []Point   // every loaded point, any curve and source
	Curve  CurveKey  // the curve selected on
	X, Y   Axis      // bands lie on X
	Bands  int       // equal bands over the candidates' x range; 0: DefaultSelectBands
	Edges  []float64 // explicit band edges, ascending (at least two); overrides Bands
	Margin Margin
	// AsOf (YYYY-MM-DD) leaves out runs dated after it; "" for none.
	AsOf string
	// Target says whether the export target (recipes, master rows) already
	// runs a point's configuration, and whether with other knobs; nil: the
	// target is unknown and only published configurations are incumbents.
	Target func(p *Point) TargetState
}

// TargetState is what the export target holds of a configuration.
type TargetState int

const (
	TargetAbsent  TargetState = iota // no override or row runs it: adding it is new
	TargetSame                       // an override and its row run it as measured
	TargetRetuned                    // an override runs its topology and concurrency with other knobs
)

// Target words of a band's choice against the export target.
const (
	TargetNew      = "new"
	TargetKept     = "kept"
	TargetReTuned  = "re-tuned"
	TargetReplaces = "replaces"
)

// Choice names how a band's point was chosen.
type Choice string

const (
	ChoiceEmpty    Choice = "empty"    // no measured candidate in the band
	ChoiceKept     Choice = "kept"     // the best published point stays: nothing beats it by more than the margin
	ChoiceReplaces Choice = "replaces" // a challenger beats the best published point on both axes by more than the margin
	ChoiceNew      Choice = "new"      // no published point in the band: the best challenger
)

// Contender is a candidate of a band that was not chosen, compared with
// the band's best published point (with the chosen point when the band has
// none): gains in percent, positive when better.
type Contender struct {
	ID     string  `json:"id"`
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	GainX  float64 `json:"gain_x_pct"`
	GainY  float64 `json:"gain_y_pct"`
	Source Source  `json:"source"`
}

// Band is one interactivity band of a selection.
type Band struct {
	Lo float64 `json:"lo"` // [Lo, Hi); the last band includes Hi
	Hi float64 `json:"hi"`
	// Split says the band was cut out of a wider one because the line test
	// did not cover a removal the wider band implied.
	Split  bool    `json:"split"`
	Choice Choice  `json:"choice"`
	Chosen string  `json:"chosen"` // ID; "" for an empty band
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Source Source  `json:"source"` // the chosen measurement's source
	// Replaces is the published point the chosen one replaces (ChoiceReplaces),
	// with the chosen point's gains over it.
	Replaces string  `json:"replaces"`
	GainX    float64 `json:"gain_x_pct"`
	GainY    float64 `json:"gain_y_pct"`
	// InsideNoise are challengers that dominate the best published point
	// but by no more than the margin on some axis.
	InsideNoise []Contender `json:"inside_noise"`
	// Removed are the band's other published points: implied removals.
	Removed []string `json:"removed"`
	// Others are the band's remaining candidates, not chosen.
	Others []Contender `json:"others"`
	// Extra are published points kept beside the choice because no split
	// can separate their removal from it (same x).
	Extra []string `json:"extra"`
	// Weak says why the band invites a new run ("" when it does not): no
	// candidate, a chosen point from a short run, or one under the line of
	// its neighbours by more than the margin.
	Weak string `json:"weak"`
	// ShortRun: the chosen measurement is a short run.
	ShortRun bool `json:"short_run"`
	// Target is the choice against the export target: "new" (no override
	// or row runs it), "kept", "re-tuned" (its override runs other knobs);
	// "" when the target is unknown.
	Target string `json:"target,omitempty"`
	// ByMean says the replaced point has no value on the band axis: it was
	// placed by its mean interactivity, and GainX compares mean interactivity.
	ByMean bool `json:"by_mean_interactivity,omitempty"`
	// Merged says the band took in a neighbour whose kept point lay under
	// the line of its neighbouring choices by more than the margin;
	// Dropped are those points (also in Removed), with how far under the
	// line each lay (select_merge.go).
	Merged  bool           `json:"merged,omitempty"`
	Dropped []DroppedPoint `json:"dropped,omitempty"`

	stale  bool  // the band must choose again
	ci     int   // the chosen candidate (into Select's candidates), -1 for none
	ri, ei []int // the removed and the extra candidates
}

// Selection is the result of Select.
type Selection struct {
	Curve  CurveKey
	X, Y   Axis
	Margin Margin
	Bands  []Band
	// Keep is every point the selection keeps, x ascending; Add the kept
	// points not yet published; Remove the implied removals (published
	// configurations not kept), in x order.
	Keep, Add, Remove []string
	// Review is the line test of Remove against Keep (model.Review).
	Review CurveReview
	// NoisyRemovals are covered removals whose verdict lies within the
	// margin: under the line by less than it, or dominated by less on an axis.
	NoisyRemovals []string
	// CoverageBefore and CoverageAfter count the dashboard's frontier points
	// on p90 and p75 E2EL before and after the change; CoverageHolds says no
	// count falls below the lesser of its old value and the recommendation.
	CoverageBefore, CoverageAfter CoverageResult
	CoverageHolds                 bool
	// NoAxis are the curve's measured configurations without both axes:
	// not judged, left as they are. Outside are candidates outside the edges.
	NoAxis, Outside []string
	// Older are measurements of a kept or removed configuration other than
	// its candidate (older or shorter runs).
	Older []string
	// Splits counts the cuts the line test made (each makes two bands of one).
	Splits int
	// Merges counts the bands merged into a neighbour because their kept
	// point lay under the line of its neighbours by more than the margin.
	Merges int
	// Placed are candidates without a value on the band axis, placed by
	// their mean interactivity (an interactivity band axis only).
	Placed []string
	// Targeted says the export target was known (SelectRequest.Target).
	Targeted bool
	// BandAxisVerdicts are removals with no value on rule 18(g)'s axes,
	// judged on the band axes instead (the export's review will not clear them).
	BandAxisVerdicts []string
	// AsOf is the date the selection judged as of ("" the latest).
	AsOf string
}

// cand is one candidate configuration.
type cand struct {
	p         *Point
	x, y      float64
	incumbent bool
	placed    bool        // x is the mean interactivity: no value on the band axis
	target    TargetState // what the export target holds of it
	band      int
	order     int // load order, for ties in x
}

// Select chooses one point per band (see the comment at the top of this file).
func Select(req SelectRequest) (*Selection, error) {
	if req.Margin.Pct < 0 || math.IsNaN(req.Margin.Pct) || math.IsInf(req.Margin.Pct, 0) {
		return nil, fmt.Errorf("margin %v %%: want a finite percentage ≥ 0", req.Margin.Pct)
	}
	s, err := selectOnce(req, true)
	if err == nil && s.Merges > 0 && !s.CoverageHolds {
		// A merge must not cost the dashboard a frontier point: choose again
		// without merging.
		return selectOnce(req, false)
	}
	return s, err
}

// selectOnce is Select, merging covered bands into their neighbours or not.
func selectOnce(req SelectRequest, merge bool) (*Selection, error) {
	s := &Selection{Curve: req.Curve, X: req.X, Y: req.Y, Margin: req.Margin, Targeted: req.Target != nil, AsOf: req.AsOf}
	cands := s.candidates(req.Points, req.Curve, req.X, req.Y, req.AsOf, req.Target)
	edges, err := bandEdges(req, cands)
	if err != nil {
		return nil, err
	}
	var in []cand
	for _, c := range cands {
		if c.x < edges[0] || c.x > edges[len(edges)-1] {
			s.Outside = append(s.Outside, c.p.ID)
			continue
		}
		in = append(in, c)
	}
	bands := make([]Band, len(edges)-1)
	for i := range bands {
		bands[i] = Band{Lo: edges[i], Hi: edges[i+1], stale: true}
	}
	var outsideKept []Point
	for _, c := range cands {
		if (c.x < edges[0] || c.x > edges[len(edges)-1]) && c.incumbent {
			outsideKept = append(outsideKept, *c.p)
		}
	}
	bands = s.chooseBands(req, in, bands, outsideKept, merge)
	s.finish(req, in, bands, outsideKept)
	return s, nil
}

// chooseBands runs the rounds: choose in the bands a cut or an extra made
// stale, judge the implied removals, cut where one is not covered; then one
// last pass lists the contenders.
func (s *Selection) chooseBands(req SelectRequest, in []cand, bands []Band, outsideKept []Point, merge bool) []Band {
	extra, dropped := make([]bool, len(in)), make([]bool, len(in))
	var segs [][2]int
	for round := 0; ; round++ {
		segs = assign(in, bands)
		for b, seg := range segs {
			if bands[b].stale {
				bands[b].choose(in, seg, req.X, req.Y, req.Margin.Pct, extra, dropped, false)
			}
		}
		failing := s.failing(in, bands, outsideKept)
		if len(failing) == 0 {
			break
		}
		cuts, stuck := 0, failing
		if round < maxSplitRounds {
			bands, cuts, stuck = splitBands(in, bands, failing, req.Y)
			s.Splits += cuts
		}
		if cuts == 0 && len(stuck) == 0 {
			stuck = failing
		}
		for _, i := range stuck {
			extra[i] = true // no cut separates it from its band's choice
			bands[bandAt(bands, in[i].x)].stale = true
		}
	}
	if merge {
		bands = s.mergeCovered(req, in, bands, outsideKept, extra, dropped)
		segs = assign(in, bands)
	}
	for b, seg := range segs {
		bands[b].choose(in, seg, req.X, req.Y, req.Margin.Pct, extra, dropped, true)
	}
	return bands
}

// placeable reports whether a point without x may be placed on an
// interactivity band axis by its mean interactivity.
func placeable(p *Point, x, y Axis) (px, py float64, ok bool) {
	if !x.HigherBetter || (x.Metric != P90Intvty && x.Metric != MedianIntvty) {
		return 0, 0, false
	}
	return p.XY(AxisMeanIntvty, y)
}

// candidates picks one measurement per configuration of the curve.
func (s *Selection) candidates(points []Point, curve CurveKey, x, y Axis, asOf string, target func(*Point) TargetState) []cand {
	type entry struct {
		best, first int // indices into points; best -1 without both axes
		published   bool
		hasX        bool // best has a value on the band axis (else it is placed by mean interactivity)
	}
	index := map[string]int32{}
	var entries []entry
	cfgOf := make([]int32, len(points)) // -1: not a point of the curve
	var buf []byte
	for i := range points {
		p := &points[i]
		cfgOf[i] = -1
		if p.Curve != curve || p.Source == SourceCompetitor || p.Source == SourcePlanned ||
			(asOf != "" && p.Prov.Date != "" && dateAfter(p.Prov.Date, asOf)) {
			continue
		}
		if p.Knobs.Mode != "" {
			buf = p.Knobs.appendBaseID(buf[:0])
		} else {
			buf = append(append(buf[:0], "id\x00"...), p.ID...)
		}
		e, ok := index[string(buf)] // no allocation for the lookup
		if !ok {
			e = int32(len(entries))
			index[string(buf)] = e
			entries = append(entries, entry{best: -1, first: i})
		}
		cfgOf[i] = e
		en := &entries[e]
		en.published = en.published || p.Source == SourcePublished
		if _, _, ok := p.XY(x, y); ok && (en.best < 0 || !en.hasX || laterRun(p, &points[en.best])) {
			en.best, en.hasX = i, true
		} else if _, _, ok := placeable(p, x, y); ok && !en.hasX && (en.best < 0 || laterRun(p, &points[en.best])) {
			en.best = i
		}
	}
	out := make([]cand, 0, len(entries))
	for _, en := range entries {
		if en.best < 0 {
			s.NoAxis = append(s.NoAxis, points[en.first].ID)
			continue
		}
		p := &points[en.best]
		c := cand{p: p, incumbent: en.published, order: en.best, placed: !en.hasX}
		if en.hasX {
			c.x, c.y, _ = p.XY(x, y)
		} else {
			c.x, c.y, _ = placeable(p, x, y)
			s.Placed = append(s.Placed, p.ID)
		}
		if target != nil {
			c.target = target(p)
			c.incumbent = c.incumbent || c.target != TargetAbsent
		}
		out = append(out, c)
	}
	for i, e := range cfgOf {
		if e >= 0 && entries[e].best >= 0 && entries[e].best != i {
			s.Older = append(s.Older, points[i].ID)
		}
	}
	slices.SortFunc(out, func(a, b cand) int {
		if a.x != b.x {
			return cmp.Compare(a.x, b.x)
		}
		return cmp.Compare(a.order, b.order)
	})
	return out
}

// laterRun reports whether p replaces q as its configuration's candidate:
// a later date; on one date (or undated) a steady run before a short one,
// else the one loaded later (p, since points are visited in load order).
func laterRun(p, q *Point) bool {
	dp, dq := day(p.Prov.Date), day(q.Prov.Date)
	if dp != dq && dp != "" && dq != "" {
		return dp > dq
	}
	if dp != dq {
		return dp != "" // a dated run is placed in time, an undated one not
	}
	if p.Prov.ShortRun() != q.Prov.ShortRun() {
		return !p.Prov.ShortRun()
	}
	return true
}

// bandEdges validates explicit edges or cuts the candidates' x range evenly.
func bandEdges(req SelectRequest, cands []cand) ([]float64, error) {
	if len(req.Edges) > 0 {
		if len(req.Edges) < 2 {
			return nil, errors.New("edges: give at least two (a band lies between two edges)")
		}
		for i, e := range req.Edges {
			if math.IsNaN(e) || math.IsInf(e, 0) {
				return nil, fmt.Errorf("edges: %v is not a finite number", e)
			}
			if i > 0 && e <= req.Edges[i-1] {
				return nil, fmt.Errorf("edges: %v after %v; want them strictly ascending", e, req.Edges[i-1])
			}
		}
		return slices.Clone(req.Edges), nil
	}
	k := req.Bands
	if k == 0 {
		k = DefaultSelectBands
	}
	if k < 0 {
		return nil, fmt.Errorf("bands %d: want at least one", k)
	}
	// The range is the measured one: a point placed by its mean
	// interactivity outside it stays outside the bands, as it is.
	lo, hi, found := 0.0, 0.0, false
	for _, c := range cands {
		if c.placed {
			continue
		}
		if !found {
			lo, found = c.x, true
		}
		hi = c.x
	}
	if !found {
		return nil, fmt.Errorf("no measured point of %s has both %s and %s", req.Curve, req.X.Name, req.Y.Name)
	}
	if lo == hi {
		return []float64{lo, hi}, nil
	}
	edges := make([]float64, k+1)
	for i := range edges {
		edges[i] = lo + (hi-lo)*float64(i)/float64(k)
	}
	edges[k] = hi
	return edges, nil
}

// bandAt is the index of the band holding x (the last band holds its upper edge).
func bandAt(bands []Band, x float64) int {
	return min(sort.Search(len(bands), func(b int) bool { return x < bands[b].Hi }), len(bands)-1)
}

// assign puts each candidate (x ascending) in its band and returns each
// band's range of candidates [from, to).
func assign(in []cand, bands []Band) [][2]int {
	segs := make([][2]int, len(bands))
	b := 0
	for i := range in {
		for b < len(bands)-1 && in[i].x >= bands[b].Hi {
			segs[b][1] = i
			b++
			segs[b][0] = i
		}
		in[i].band = b
	}
	for ; b < len(bands); b++ {
		segs[b][1] = len(in)
		if b+1 < len(bands) {
			segs[b+1][0] = len(in)
		}
	}
	return segs
}

// gainPct is how much better q is than p on the axis, in percent of p.
func gainPct(a Axis, q, p float64) float64 {
	if p == 0 {
		switch {
		case q == p:
			return 0
		case a.Better(q, p):
			return math.Inf(1)
		}
		return math.Inf(-1)
	}
	return 100 * (good(a, q) - good(a, p)) / math.Abs(p)
}

// better orders by y, then x, then ID: the first is the band's best.
func better(x, y Axis, a, b *cand) bool {
	if a.y != b.y {
		return y.Better(a.y, b.y)
	}
	if a.x != b.x {
		return x.Better(a.x, b.x)
	}
	return a.p.ID < b.p.ID
}

// choose makes the band's choice among its candidates in[seg[0]:seg[1]],
// keeping Split and Merged; extra marks published points kept beside a
// choice, dropped incumbents the choices of their neighbours cover (never
// the band's best; the band's new choice replaces them). With full it also
// lists the contenders (inside noise and others).
func (bd *Band) choose(all []cand, seg [2]int, x, y Axis, margin float64, extra, dropped []bool, full bool) {
	*bd = Band{Lo: bd.Lo, Hi: bd.Hi, Split: bd.Split, Merged: bd.Merged, Dropped: bd.Dropped, Choice: ChoiceEmpty, ci: -1}
	rep, best, drop := -1, -1, -1
	for i := seg[0]; i < seg[1]; i++ {
		c := &all[i]
		switch {
		case extra[i]:
			bd.ei = append(bd.ei, i)
			bd.Extra = append(bd.Extra, c.p.ID)
		case c.incumbent && dropped[i]:
			if drop < 0 || better(x, y, c, &all[drop]) {
				drop = i
			}

		case c.incumbent:
			if rep < 0 || better(x, y, c, &all[rep]) {
				rep = i
			}
		case best < 0 || better(x, y, c, &all[best]):
			best = i
		}
	}
	if rep < 0 && best < 0 {
		return
	}
	chosen := best
	bd.Choice = ChoiceNew
	if rep >= 0 {
		chosen, bd.Choice = rep, ChoiceKept
		if w := winner(all, seg, rep, x, y, margin, extra); w >= 0 {
			r, c := &all[rep], &all[w]
			chosen, bd.Choice, bd.Replaces = w, ChoiceReplaces, r.p.ID
			bd.GainX, bd.GainY = gainPct(x, c.x, r.x), gainPct(y, c.y, r.y)
		} else if w := placedWinner(all, seg, rep, x, y, margin, extra); w >= 0 {
			r, c := &all[rep], &all[w]
			chosen, bd.Choice, bd.Replaces, bd.ByMean = w, ChoiceReplaces, r.p.ID, true
			bd.GainY = gainPct(y, c.y, r.y)
			bd.GainX = meanGain(c, r, y)
		}
	} else if drop >= 0 {
		r, c := &all[drop], &all[best]
		bd.Choice, bd.Replaces, bd.ByMean = ChoiceReplaces, r.p.ID, r.placed
		bd.GainX, bd.GainY = gainPct(x, c.x, r.x), gainPct(y, c.y, r.y)
		if r.placed {
			bd.GainX = meanGain(c, r, y)
		}
	}
	ch := &all[chosen]
	bd.ci = chosen
	bd.Chosen, bd.X, bd.Y, bd.Source = ch.p.ID, ch.x, ch.y, ch.p.Source
	bd.Target = targetWord(ch)
	bd.ShortRun = ch.p.Prov.ShortRun()
	bd.others(all, seg, rep, x, y, margin, extra, full)
}

// meanGain is c's gain over r on mean interactivity, r placed by it (0
// when c has none).
func meanGain(c, r *cand, y Axis) float64 {
	if cx, _, ok := c.p.XY(AxisMeanIntvty, y); ok {
		return gainPct(AxisMeanIntvty, cx, r.x)
	}
	return 0
}

// winner is the challenger of highest y (then better x) that beats the
// incumbent rep on both axes by more than the margin, -1 for none.
func winner(all []cand, seg [2]int, rep int, x, y Axis, margin float64, extra []bool) int {
	r, w := &all[rep], -1
	for i := seg[0]; i < seg[1]; i++ {
		c := &all[i]
		if !extra[i] && !c.incumbent && gainPct(x, c.x, r.x) > margin && gainPct(y, c.y, r.y) > margin &&
			(w < 0 || better(x, y, c, &all[w])) {
			w = i
		}
	}
	return w
}

// placedWinner: a best incumbent placed by its mean interactivity cannot be
// compared on the band axis, so the band's highest-y challenger replaces
// it when its y is better by more than the margin; whether the curve may
// lose the incumbent is rule 18(g)'s line test, as for every removal.
// -1 for none.
func placedWinner(all []cand, seg [2]int, rep int, x, y Axis, margin float64, extra []bool) int {
	r, w := &all[rep], -1
	if !r.placed {
		return -1
	}
	for i := seg[0]; i < seg[1]; i++ {
		c := &all[i]
		if !extra[i] && !c.incumbent && !c.placed && gainPct(y, c.y, r.y) > margin && (w < 0 || better(x, y, c, &all[w])) {
			w = i
		}
	}
	return w
}

// targetWord is a chosen candidate against the export target: "" when the
// target is unknown.
func targetWord(c *cand) string {
	switch {
	case c.target == TargetSame:
		return TargetKept
	case c.target == TargetRetuned:
		return TargetReTuned
	case c.incumbent:
		return TargetKept // published, and no target says otherwise
	}
	return TargetNew
}

// others lists the band's removals (its other incumbents) and, with full,
// its contenders against the best incumbent (the choice when it has none).
func (bd *Band) others(all []cand, seg [2]int, rep int, x, y Axis, margin float64, extra []bool, full bool) {
	ref := &all[bd.ci]
	if rep >= 0 {
		ref = &all[rep]
	}
	for i := seg[0]; i < seg[1]; i++ {
		c := &all[i]
		switch {
		case i == bd.ci || extra[i]:
		case c.incumbent:
			bd.ri = append(bd.ri, i)
			bd.Removed = append(bd.Removed, c.p.ID)
		case full:
			ct := Contender{ID: c.p.ID, X: c.x, Y: c.y, GainX: gainPct(x, c.x, ref.x), GainY: gainPct(y, c.y, ref.y), Source: c.p.Source}
			if rep >= 0 && Dominates(x, y, c.x, c.y, ref.x, ref.y) && !(ct.GainX > margin && ct.GainY > margin) {
				bd.InsideNoise = append(bd.InsideNoise, ct)
			} else {
				bd.Others = append(bd.Others, ct)
			}
		}
	}
}

// keptAndRemoved lists the selection's kept points and implied removals.
func keptAndRemoved(in []cand, bands []Band, outsideKept []Point) (kept, removed []Point) {
	nk, nr := len(outsideKept), 0
	for _, bd := range bands {
		nk, nr = nk+1+len(bd.ei), nr+len(bd.ri)
	}
	kept, removed = make([]Point, 0, nk), make([]Point, 0, nr)
	kept = append(kept, outsideKept...)
	for _, bd := range bands {
		if bd.ci >= 0 {
			kept = append(kept, *in[bd.ci].p)
		}
		for _, i := range bd.ei {
			kept = append(kept, *in[i].p)
		}
		for _, i := range bd.ri {
			removed = append(removed, *in[i].p)
		}
	}
	return kept, removed
}

// failing lists (as indices into in) the implied removals the line test
// does not cover. It works on coordinates (the candidates' own), with
// ReviewRemovals' rules: the kept neighbours at or around x (the best y at
// one x), their line; outside the kept range, dominance by a kept point.
func (s *Selection) failing(in []cand, bands []Band, outsideKept []Point) []int {
	kept := make([]XYPoint, 0, len(bands)+len(outsideKept))
	for i := range outsideKept {
		if kx, ky, ok := outsideKept[i].XY(s.X, s.Y); ok {
			kept = append(kept, XYPoint{X: kx, Y: ky})
		}
	}
	for _, bd := range bands {
		if bd.ci >= 0 {
			kept = append(kept, XYPoint{X: in[bd.ci].x, Y: in[bd.ci].y})
		}
		for _, i := range bd.ei {
			kept = append(kept, XYPoint{X: in[i].x, Y: in[i].y})
		}
	}
	lc := newLineCheck(kept, s.X, s.Y)
	var out []int
	for _, bd := range bands {
		for _, i := range bd.ri {
			if !lc.covered(in[i].x, in[i].y) {
				out = append(out, i)
			}
		}
	}
	return out
}

// lineCheck answers ReviewRemovals' covered verdict for coordinates.
type lineCheck struct {
	x, y Axis
	k    []XYPoint // kept, one per x (its best y), x ascending
	best []int     // best[i]: the kept point of best y on the better-x side of k[i], k[i] included
}

func newLineCheck(kept []XYPoint, x, y Axis) lineCheck {
	sy := sign(y)
	slices.SortFunc(kept, func(a, b XYPoint) int {
		if a.X != b.X {
			return cmp.Compare(a.X, b.X)
		}
		return cmp.Compare(sy*b.Y, sy*a.Y) // best y first
	})
	k := slices.CompactFunc(kept, func(a, b XYPoint) bool { return a.X == b.X })
	lc := lineCheck{x: x, y: y, k: k, best: make([]int, len(k))}
	// Better x lies right on a higher-is-better axis, left otherwise; the
	// candidate dominator is the best y there, ties to the better x.
	n := len(k)
	for step := 0; step < n; step++ {
		i, prev := n-1-step, n-step
		if !x.HigherBetter {
			i, prev = step, step-1
		}
		lc.best[i] = i
		if prev >= 0 && prev < n && sy*k[lc.best[prev]].Y >= sy*k[i].Y {
			lc.best[i] = lc.best[prev]
		}
	}
	return lc
}

func (lc lineCheck) covered(px, py float64) bool {
	k := lc.k
	r := sort.Search(len(k), func(i int) bool { return k[i].X >= px }) // first x ≥ px
	switch {
	case r < len(k) && k[r].X == px:
		return !lc.y.Better(py, k[r].Y)
	case r > 0 && r < len(k):
		return !lc.y.Better(py, interpolate(k[r-1].X, k[r-1].Y, k[r].X, k[r].Y, px))
	}
	// Outside the kept range: the best y at a better x dominates, or none does.
	j := r
	if !lc.x.HigherBetter {
		j = r - 1
	}
	if j < 0 || j >= len(k) {
		return false
	}
	q := k[lc.best[j]]
	return Dominates(lc.x, lc.y, q.X, q.Y, px, py)
}

// splitBands cuts every band holding a failing removal once, at the
// midpoint between its chosen point and the failing removal of highest y
// (the hardest to cover); the others are judged again after the choice.
// It returns the bands (the cut ones stale), how many were cut, and the
// failing removals no cut can separate from their band's choice (same x).
func splitBands(in []cand, bands []Band, failing []int, y Axis) ([]Band, int, []int) {
	worst := make([]int, len(bands))
	for i := range worst {
		worst[i] = -1
	}
	for _, i := range failing {
		b := in[i].band
		if worst[b] < 0 || y.Better(in[i].y, in[worst[b]].y) {
			worst[b] = i
		}
	}
	nw := 0
	for _, w := range worst {
		if w >= 0 {
			nw++
		}
	}
	out := make([]Band, 0, len(bands)+nw)
	cut := 0
	var stuck []int
	for b, bd := range bands {
		w, ch := worst[b], bd.ci
		if w < 0 {
			out = append(out, bd)
			continue
		}
		mid := 0.0
		if ch >= 0 {
			mid = (in[w].x + in[ch].x) / 2
		}
		if ch < 0 || in[w].x == in[ch].x || mid <= bd.Lo || mid >= bd.Hi {
			stuck = append(stuck, w)
			out = append(out, bd)
			continue
		}
		out = append(out, Band{Lo: bd.Lo, Hi: mid, Split: true, stale: true}, Band{Lo: mid, Hi: bd.Hi, Split: true, stale: true})
		cut++
	}
	return out, cut, stuck
}

// finish fills the lists, the review, the noise flags, coverage and weak bands.
func (s *Selection) finish(req SelectRequest, in []cand, bands []Band, outsideKept []Point) {
	s.Bands = bands
	kept, removed := keptAndRemoved(in, bands, outsideKept)
	slices.SortStableFunc(kept, func(a, b Point) int {
		ax, _ := a.Metrics.Get(req.X.Metric)
		bx, _ := b.Metrics.Get(req.X.Metric)
		return cmp.Compare(ax, bx)
	})
	for i := range kept {
		s.Keep = append(s.Keep, kept[i].ID)
		if kept[i].Source != SourcePublished && !isIncumbent(in, kept[i].ID) {
			s.Add = append(s.Add, kept[i].ID)
		}
	}
	if req.Target == nil {
		for i := range bands {
			bands[i].Target = "" // unknown: the band's Choice says it
		}
	}
	for i := range removed {
		s.Remove = append(s.Remove, removed[i].ID)
	}
	s.Review = RuleReview(req.Points, s.Curve, s.Remove, req.AsOf)
	// A removal without a value on the rule's axes is judged as the bands
	// were, on the band axis, and named.
	var band []RemovalVerdict
	for i := range s.Review.Removed {
		if s.Review.Removed[i].Test != TestNone || i >= len(removed) {
			continue
		}
		if band == nil {
			band = ReviewRemovals(kept, removed, req.X, req.Y)
		}
		s.Review.Removed[i] = band[i]
		s.BandAxisVerdicts = append(s.BandAxisVerdicts, removed[i].ID)
	}
	s.noisy()
	s.coverage(req, removed)
	s.weak(kept)
}

func isIncumbent(in []cand, id string) bool {
	for i := range in {
		if in[i].p.ID == id {
			return in[i].incumbent
		}
	}
	return false
}

// RuleReview is rule 18(g)'s review of removals (model.Review on mean
// interactivity × throughput per GPU, the default kept curve: steady-state
// runs of the curve as of asOf, latest per configuration), as review and
// export run it; with no removal, an empty review of the curve.
func RuleReview(points []Point, curve CurveKey, remove []string, asOf string) CurveReview {
	empty := CurveReview{Curve: curve, X: AxisMeanIntvty, Y: AxisTputPerGPU, AsOf: asOf}
	if len(remove) == 0 {
		return empty
	}
	shown := Latest(points, asOf)
	ids := make([]string, 0, len(remove))
	for _, id := range remove {
		ids = append(ids, shownID(shown, points, id))
	}
	r, err := Review(ReviewRequest{Points: shown, Curve: &curve, Remove: ids, X: AxisMeanIntvty, Y: AxisTputPerGPU, AsOf: asOf, Runs: points})
	if err != nil {
		return empty
	}
	// The verdicts name the selection's own IDs.
	for i := range r.Removed {
		r.Removed[i].ID = remove[i]
	}
	return r
}

// shownID is the ID of the run the view shows for id's configuration (a
// selection may judge a configuration by an earlier run with both axes).
func shownID(shown, points []Point, id string) string {
	if FindID(shown, id) >= 0 {
		return id
	}
	i := FindID(points, id)
	if i < 0 || points[i].Knobs.Mode == "" {
		return id
	}
	p := &points[i]
	base := p.Knobs.BaseID()
	for j := range shown {
		q := &shown[j]
		if q.Curve == p.Curve && q.Source == p.Source && q.Knobs.Mode != "" && q.Knobs.BaseID() == base {
			return q.ID
		}
	}
	return id
}

// noisy flags covered removals whose rule verdict lies within the margin.
func (s *Selection) noisy() {
	m := s.Margin.Pct
	kept := s.Review.Kept
	rx, ry := s.Review.X, s.Review.Y
	for _, v := range s.Review.Removed {
		if !v.Covered {
			continue
		}
		switch {
		case v.Test == TestLine && v.HasLine && -v.GapPct <= m:
			s.NoisyRemovals = append(s.NoisyRemovals, v.ID)
		case v.Test == TestPareto:
			if i := FindID(kept, v.DominatedBy); i >= 0 {
				dx, dy, _ := kept[i].XY(rx, ry)
				if gainPct(rx, dx, v.X) <= m || gainPct(ry, dy, v.Y) <= m {
					s.NoisyRemovals = append(s.NoisyRemovals, v.ID)
				}
			}
		}
	}
}

// coverage counts the dashboard's frontier points before and after: its
// published points (the latest run per configuration) less the removed
// configurations, plus the added points.
func (s *Selection) coverage(req SelectRequest, removed []Point) {
	gone := map[string]bool{}
	for i := range removed {
		gone[configKey(&removed[i])] = true
	}
	add := map[string]bool{}
	for _, id := range s.Add {
		add[id] = true
	}
	var before, after []*Point
	dated := false
	var buf []byte
	for i := range req.Points {
		p := &req.Points[i]
		if p.Curve != s.Curve || (req.AsOf != "" && p.Prov.Date != "" && dateAfter(p.Prov.Date, req.AsOf)) {
			continue // the curve as of --as-of: a run after it was not there yet
		}
		dated = dated || p.Prov.Date != ""
		if p.Source == SourcePublished {
			before = append(before, p)
			if p.Knobs.Mode != "" {
				buf = p.Knobs.appendBaseID(buf[:0])
			} else {
				buf = append(append(buf[:0], "id\x00"...), p.ID...)
			}
			if !gone[string(buf)] { // no allocation for the lookup
				after = append(after, p)
			}
		} else if add[p.ID] {
			after = append(after, p)
		}
	}
	if dated {
		before, after = latestOf(before), latestOf(after)
	}
	s.CoverageBefore, s.CoverageAfter = coverageOf(before, s.Y), coverageOf(after, s.Y)
	b, a := s.CoverageBefore, s.CoverageAfter
	s.CoverageHolds = a.P90E2EL >= min(b.P90E2EL, RecommendedFrontierPoints) && a.P75E2EL >= min(b.P75E2EL, RecommendedFrontierPoints)
}

// latestOf is Latest over pointers.
func latestOf(ps []*Point) []*Point {
	flat := make([]Point, len(ps))
	for i, p := range ps {
		flat[i] = *p
	}
	idx := LatestIndex(flat, "")
	out := make([]*Point, len(idx))
	for k, i := range idx {
		out[k] = ps[i]
	}
	return out
}

// coverageOf is Coverage's counts (no frontier indices) over pointers.
func coverageOf(ps []*Point, y Axis) CoverageResult {
	var r CoverageResult
	for _, e := range []struct {
		x         Axis
		n, points *int
	}{{AxisP90E2EL, &r.P90E2EL, &r.P90Points}, {AxisP75E2EL, &r.P75E2EL, &r.P75Points}} {
		c := make([]XYPoint, 0, len(ps))
		for i, p := range ps {
			if px, py, ok := p.XY(e.x, y); ok {
				c = append(c, XYPoint{X: px, Y: py, Index: i})
			}
		}
		*e.points = len(c)
		*e.n = len(frontierOf(nil, c, e.x, y))
	}
	return r
}

func configKey(p *Point) string {
	if p.Knobs.Mode != "" {
		return p.Knobs.BaseID()
	}
	return "id\x00" + p.ID
}

// weak marks the bands that invite a new run.
func (s *Selection) weak(kept []Point) {
	c := Coords(kept, s.X, s.Y)
	slices.SortStableFunc(c, func(a, b XYPoint) int { return cmp.Compare(a.X, b.X) })
	under := map[string]float64{}
	for i := 1; i+1 < len(c); i++ {
		a, p, b := c[i-1], c[i], c[i+1]
		if a.X == b.X {
			continue
		}
		line := a.Y + (b.Y-a.Y)*(p.X-a.X)/(b.X-a.X)
		if g := -gainPct(s.Y, p.Y, line); g > s.Margin.Pct {
			under[kept[p.Index].ID] = g
		}
	}
	for i := range s.Bands {
		bd := &s.Bands[i]
		switch {
		case bd.Choice == ChoiceEmpty:
			bd.Weak = "no measured candidate"
		case bd.ShortRun:
			bd.Weak = "the chosen point is a short run"
		case under[bd.Chosen] > 0:
			bd.Weak = fmt.Sprintf("the chosen point lies %.1f %% under the line of its neighbours", under[bd.Chosen])
		}
	}
}

// CoveredAll reports whether every implied removal is covered.
func (s *Selection) CoveredAll() bool { return s.Review.AllCovered() }

// ParseEdges reads band edges written "a,b,c": at least two finite numbers,
// strictly ascending; spaces around them are allowed.
func ParseEdges(s string) ([]float64, error) {
	parts := strings.Split(s, ",")
	if len(parts) < 2 {
		return nil, fmt.Errorf("edges %q: give at least two, comma-separated (a band lies between two edges)", s)
	}
	out := make([]float64, len(parts))
	for i, p := range parts {
		v, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("edges: %q is not a finite number", strings.TrimSpace(p))
		}
		if i > 0 && v <= out[i-1] {
			return nil, fmt.Errorf("edges: %v after %v; want them strictly ascending", v, out[i-1])
		}
		out[i] = v
	}
	return out, nil
}

// MarginFromNoise is the margin a selection of points uses when none is
// given: their measured run-to-run noise on the two axes (EstimateNoise;
// the larger spread that has pairs), else DefaultMarginPct.
func MarginFromNoise(points []Point, x, y Axis) Margin { return MarginFromNoiseAsOf(points, x, y, "") }

// MarginFromNoiseAsOf is MarginFromNoise of the pairs measured on or
// before asOf (NoiseAsOf), the one estimate every surface shows.
func MarginFromNoiseAsOf(points []Point, x, y Axis, asOf string) Margin {
	n := NoiseAsOf(points, asOf)
	m := Margin{Pct: -1}
	for _, a := range []Axis{x, y} {
		if mn, ok := n.For(a.Metric); ok && !mn.Assumed && mn.SpreadPct > m.Pct {
			m = Margin{Pct: mn.SpreadPct, Source: fmt.Sprintf("run-to-run noise of %s, %d pairs", a.Name, mn.Pairs), Pairs: mn.Pairs}
		}
	}
	if m.Pct < 0 {
		src := "default: no run-to-run noise measured (docs/select.md)"
		if asOf != "" {
			src = "default: no run-to-run noise measured on or before " + asOf + " (docs/select.md)"
		}
		return Margin{Pct: DefaultMarginPct, Source: src}
	}
	return m
}
