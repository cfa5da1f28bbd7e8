package audit

import (
	"cmp"
	"slices"

	"github.com/sweeptune/sweeptune/internal/par"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/parity"
)

// The audit's axes: the dashboard's p90 interactivity × throughput per GPU
// for bands, frontier, leads and holes; model.Coverage counts Check 14's
// frontier points on p90 and p75 E2EL.
var (
	AxisX = model.AxisP90Intvty
	AxisY = model.AxisTputPerGPU
)

// FallbackX are the x axes a curve without p90 interactivity is judged
// on instead, in order: the first its points have (docs/audit.md).
var FallbackX = []model.Axis{model.AxisMedianIntvty, model.AxisMeanIntvty}

// xAxisOf is the curve's x axis: AxisX, else the first of FallbackX on
// which one of its latest points has a value with AxisY.
func xAxisOf(latest []*model.Point) model.Axis {
	for _, x := range append([]model.Axis{AxisX}, FallbackX...) {
		for _, p := range latest {
			if _, _, ok := p.XY(x, AxisY); ok {
				return x
			}
		}
	}
	return AxisX
}

// DefaultPlanTop is how many curves of the screen's ranking the planner
// refines by default: it costs tens of milliseconds a curve.
const DefaultPlanTop = 8

// Request says what to audit.
type Request struct {
	Points []model.Point // everything loaded, any curve and source
	AsOf   string        // YYYY-MM-DD: the curves as they were then; "" for the latest
	// Parity are the faults of the master, recipes and changelog; each is
	// attached to the curves it names (Finding.Matches).
	Parity []parity.Finding
	// PlanTop: the planner proposes runs for this many curves of the
	// screen's ranking (DefaultPlanTop when 0; negative: none).
	PlanTop int
	// Paths are the inputs, for the first command of each row.
	Paths []string
	// Take lets Run reorder Points in place (the caller gives them up):
	// no copy of a load's points is made.
	Take bool
}

// Band is an interactivity band [Lo, Hi) on AxisX.
type Band struct {
	Lo float64 `json:"lo"`
	Hi float64 `json:"hi"`
}

// Gap is a hole: two frontier points adjacent in x farther apart than
// model.HoleSpacingFactor times the frontier's median spacing.
type Gap struct {
	From          string  `json:"from"`
	To            string  `json:"to"`
	FromX         float64 `json:"from_x"`
	ToX           float64 `json:"to_x"`
	MedianSpacing float64 `json:"median_spacing"`
}

// Lead is where a competitor's frontier stands highest above the curve's
// points at the same x: the gain table run the other way.
type Lead struct {
	Rival       model.CurveKey `json:"rival"`
	At          string         `json:"at"` // our point there
	X           float64        `json:"x"`
	Ours        float64        `json:"ours"`
	Theirs      float64        `json:"theirs"`
	LeadPct     float64        `json:"lead_pct"`
	NoisePct    float64        `json:"noise_pct"`
	WithinNoise bool           `json:"within_noise"`
}

// Image is the curve's image against the newest seen for its hardware and
// framework.
type Image struct {
	Image      string `json:"image"`
	Date       string `json:"date"` // its date: the tag's YYYYMMDD, else its first run
	Newest     string `json:"newest"`
	NewestDate string `json:"newest_date"`
	AgeDays    int    `json:"age_days"` // 0 when it is the newest
}

// Planned is the planner's best proposal for the curve.
type Planned struct {
	ID       string  `json:"id"`
	WinPct   float64 `json:"win_pct"`   // predicted over the selection's line
	ErrorPct float64 `json:"error_pct"` // the model's error on this curve
	Trusted  float64 `json:"trusted_pct"`
	GPUs     int     `json:"gpus"`
	Source   string  `json:"error_source"`
	Err      string  `json:"error,omitempty"` // why the planner could not say
}

// Row is one curve's audit.
type Row struct {
	Rank        int                  `json:"rank"`
	Curve       model.CurveKey       `json:"curve"`
	XAxis       string               `json:"x_axis"` // AxisX, or the FallbackX the curve is judged on
	Points      int                  `json:"points"` // configurations with x and y, latest run each
	Coverage    model.CoverageResult `json:"coverage"`
	P90Frontier int                  `json:"p90_intvty_frontier"` // frontier points on x_axis (p90 interactivity), as the dashboard draws them
	NorthStar   *model.NorthStarGate `json:"north_star"`          // the AgentX gate on that frontier; nil where it does not apply
	EmptyBands  []Band               `json:"empty_bands"`
	Holes       []Gap                `json:"holes"`
	Removable   []string             `json:"removable"` // the line test would remove them
	Lead        *Lead                `json:"competitor_lead"`
	Image       *Image               `json:"image"`
	Parity      []parity.Finding     `json:"parity"`
	Plan        *Planned             `json:"plan"`
	GPUs        int                  `json:"gpus"` // the first run's budget
	Gain        float64              `json:"gain_pct"`
	Value       float64              `json:"value"`
	Command     string               `json:"command"`
	margin      model.Margin
	disagg      bool
	x           model.Axis
}

// X is the axis the row's bands, frontier, holes and lead lie on.
func (r *Row) X() model.Axis {
	if r.x.Name == "" {
		return AxisX
	}
	return r.x
}

// Audit is every curve's row, ranked by value.
type Audit struct {
	Rows []Row `json:"rows"`
	// Unplaced are parity faults that name no loaded curve.
	Unplaced []parity.Finding `json:"unplaced_parity"`
	Planned  int              `json:"planned"` // curves the planner refined
}

// Run audits every measured curve of the request.
func Run(req Request) *Audit {
	// Every measured curve, a competitor's too: it is a rival. Rows are
	// the curves with a published or local point.
	measured := req.Points
	if !req.Take {
		measured = make([]model.Point, 0, len(req.Points))
	} else {
		measured = measured[:0]
	}
	for i := range req.Points {
		if req.Points[i].Source != model.SourcePlanned {
			measured = append(measured, req.Points[i]) // in place when taken: never ahead of i
		}
	}
	curves := model.GroupCurvesInPlace(measured) // measured is the audit's own
	own := make([]bool, len(curves))
	for i, c := range curves {
		for j := range c.Points {
			if s := c.Points[j].Source; s == model.SourcePublished || s == model.SourceLocal {
				own[i] = true
				break
			}
		}
	}
	shown := make([][]int, len(curves))              // each curve's latest runs, as indices
	latest := make([][]*model.Point, len(curves))    // and as the points themselves, none copied
	lines := make([]model.FrontierLine, len(curves)) // each curve's frontier on AxisX, read by its rivals
	latestByCurve(measured, curves, req.AsOf, shown)
	par.Halves(len(curves), 64, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			latest[i] = refsOf(curves[i].Points, shown[i])
			lines[i] = model.NewFrontierLineRefs(latest[i], AxisX, AxisY)
		}
	})
	images := newestImages(curves, latest)
	bases := map[baseKey][]int{}
	for i, c := range curves {
		b := baseOf(c.Key)
		bases[b] = append(bases[b], i)
	}
	rows := make([]Row, len(curves))
	par.Halves(len(curves), 16, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			if !own[i] {
				continue
			}
			rows[i] = screen(req, curves[i], shown[i], latest[i])
			rows[i].Lead = leadOf(curves, latest, lines, bases[baseOf(curves[i].Key)], i, rows[i].x, rows[i].margin)
			rows[i].Image = images.of(curves[i].Key, latest[i])
		}
	})
	a := &Audit{Rows: make([]Row, 0, len(rows))}
	for i := range rows {
		if own[i] {
			a.Rows = append(a.Rows, rows[i])
		}
	}
	placed := make([]bool, len(req.Parity))
	for i := range a.Rows {
		for j, f := range req.Parity {
			if f.Matches(a.Rows[i].Curve) {
				a.Rows[i].Parity = append(a.Rows[i].Parity, f)
				placed[j] = true
			}
		}
		a.Rows[i].value()
	}
	for j, f := range req.Parity {
		if !placed[j] {
			a.Unplaced = append(a.Unplaced, f)
		}
	}
	a.rank()
	top := req.PlanTop
	if top == 0 {
		top = DefaultPlanTop
	}
	for i := 0; i < len(a.Rows) && a.Planned < top; i++ {
		r := &a.Rows[i]
		if !r.disagg {
			continue
		}
		r.Plan = plan(req, r, curveOf(curves, r.Curve))
		a.Planned++
		r.value()
	}
	a.rank()
	for i := range a.Rows {
		a.Rows[i].Command = command(&a.Rows[i], req.Paths)
		if a.Rows[i].EmptyBands == nil {
			a.Rows[i].EmptyBands = []Band{}
		}
		if a.Rows[i].Holes == nil {
			a.Rows[i].Holes = []Gap{}
		}
		a.Rows[i].Removable = model.OrEmpty(a.Rows[i].Removable)
		a.Rows[i].Parity = model.OrEmpty(a.Rows[i].Parity)
	}
	a.Unplaced = model.OrEmpty(a.Unplaced)
	return a
}

// latestByCurve sets shown[i] to model.LatestIndex(curves[i].Points, asOf)
// from one LatestIndex of all the points (a configuration never spans two
// curves), the curves being windows of all (GroupCurvesInPlace): a call a
// curve costs more in setting up than in reading its points.
func latestByCurve(all []model.Point, curves []model.Curve, asOf string, shown [][]int) {
	start := make(map[model.CurveKey]int, len(curves))
	for i := range all {
		if i == 0 || all[i].Curve != all[i-1].Curve {
			start[all[i].Curve] = i
		}
	}
	idx := model.LatestIndex(all, asOf) // ascending
	for i, c := range curves {
		lo := start[c.Key]
		a, _ := slices.BinarySearch(idx, lo)
		b, _ := slices.BinarySearch(idx, lo+len(c.Points))
		shown[i] = make([]int, b-a)
		for k, j := range idx[a:b] {
			shown[i][k] = j - lo
		}
	}
}

func curveOf(curves []model.Curve, k model.CurveKey) model.Curve {
	for _, c := range curves {
		if c.Key == k {
			return c
		}
	}
	return model.Curve{}
}

// rank sorts by value, highest first (ties by curve name), and numbers.
func (a *Audit) rank() {
	slices.SortStableFunc(a.Rows, func(x, y Row) int {
		if c := cmp.Compare(y.Value, x.Value); c != 0 {
			return c
		}
		return cmp.Compare(x.Curve.String(), y.Curve.String())
	})
	for i := range a.Rows {
		a.Rows[i].Rank = i + 1
	}
}

func pick(points []model.Point, idx []int) []model.Point {
	out := make([]model.Point, len(idx))
	for k, i := range idx {
		out[k] = points[i]
	}
	return out
}

// refsOf is pick without the copies.
func refsOf(points []model.Point, idx []int) []*model.Point {
	out := make([]*model.Point, len(idx))
	for k, i := range idx {
		out[k] = &points[i]
	}
	return out
}

// screen is what a curve's own points say: the selection's coverage,
// bands and removals, the frontier and its holes.
func screen(req Request, c model.Curve, shown []int, latest []*model.Point) Row {
	x := xAxisOf(latest)
	r := Row{Curve: c.Key, XAxis: x.Name, x: x, margin: model.MarginFromNoise(c.Points, x, AxisY)}
	for i := range latest {
		if latest[i].Knobs.Mode == model.ModeDisagg {
			r.disagg = true
		}
		r.GPUs = max(r.GPUs, latest[i].Knobs.GPUs())
	}
	r.Coverage = model.CoverageRefs(latest, AxisY)
	front, gate := model.DashboardFrontierRefs(latest, x, AxisY) // the AgentX North-star gate where it applies
	r.P90Frontier = len(front)
	if gate.Applies {
		r.NorthStar = &gate
	}
	r.Holes = holes(latest, front, x)
	r.Points = len(model.CoordsRefs(latest, x, AxisY))
	sel, err := model.ScreenSelect(model.SelectRequest{Points: c.Points, Curve: c.Key, X: x, Y: AxisY, Margin: r.margin, AsOf: req.AsOf}, shown)
	if err != nil {
		return r
	}
	for _, b := range sel.Bands {
		if b.Choice == model.ChoiceEmpty {
			r.EmptyBands = append(r.EmptyBands, Band{Lo: b.Lo, Hi: b.Hi})
		}
	}
	for _, v := range sel.Removed {
		if v.Covered {
			r.Removable = append(r.Removable, v.ID)
		}
	}
	return r
}

// holes are the frontier's gaps wider than model.HoleSpacingFactor times
// its median spacing (the review's rule for a hole, docs/review.md).
func holes(latest []*model.Point, front []int, x model.Axis) []Gap {
	if len(front) < 3 {
		return nil
	}
	type xp struct {
		x  float64
		id string
	}
	pts := make([]xp, 0, len(front))
	for _, i := range front {
		if xv, _, ok := latest[i].XY(x, AxisY); ok {
			pts = append(pts, xp{xv, latest[i].ID})
		}
	}
	slices.SortFunc(pts, func(a, b xp) int { return cmp.Compare(a.x, b.x) })
	gaps := make([]float64, 0, len(pts))
	for i := 1; i < len(pts); i++ {
		gaps = append(gaps, pts[i].x-pts[i-1].x)
	}
	s := slices.Clone(gaps)
	slices.Sort(s)
	med := s[len(s)/2]
	if len(s)%2 == 0 {
		med = (s[len(s)/2-1] + s[len(s)/2]) / 2
	}
	if med <= 0 {
		return nil
	}
	var out []Gap
	for i, g := range gaps {
		if g > model.HoleSpacingFactor*med {
			out = append(out, Gap{From: pts[i].id, To: pts[i+1].id, FromX: pts[i].x, ToX: pts[i+1].x, MedianSpacing: med})
		}
	}
	return out
}

// baseKey is what makes curves comparable (model.SameBase).
type baseKey struct{ model, scenario, hardware, precision string }

func baseOf(k model.CurveKey) baseKey { return baseKey{k.Model, k.Scenario, k.Hardware, k.Precision} }

// leadOf runs the gain table the other way: each rival curve's frontier
// against our frontier points at their x (model.FrontierLine, as Gains
// reads it); the largest lead wins.
func leadOf(curves []model.Curve, latest [][]*model.Point, lines []model.FrontierLine, base []int, me int, x model.Axis, margin model.Margin) *Lead {
	// our frontier: where the curve stands (a dominated point is no
	// place a rival leads it)
	at := model.FrontierRefs(latest[me], x, AxisY)
	front := make([]*model.Point, len(at))
	for k, i := range at {
		front[k] = latest[me][i]
	}
	ours := model.CoordsRefs(front, x, AxisY)
	var best *Lead
	for _, j := range base {
		if j == me || curves[j].Key.Framework == curves[me].Key.Framework && curves[j].Key.Spec == curves[me].Key.Spec {
			continue
		}
		line := lines[j]
		if x != AxisX { // a curve judged on a fallback axis: the rival's frontier on it
			line = model.NewFrontierLineRefs(latest[j], x, AxisY)
		}
		for _, p := range ours {
			other, ok := line.At(p.X)
			if !ok || p.Y <= 0 || other <= p.Y {
				continue
			}
			if lead := 100 * (other/p.Y - 1); best == nil || lead > best.LeadPct {
				best = &Lead{Rival: curves[j].Key, At: front[p.Index].ID, X: p.X, Ours: p.Y, Theirs: other, LeadPct: lead,
					NoisePct: margin.Pct, WithinNoise: lead <= margin.Pct}
			}
		}
	}
	return best
}
