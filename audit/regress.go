package audit

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/sweeptune/sweeptune/model"
)

// A new image against the baseline (docs/audit.md): each configuration's
// latest run on or before the baseline date (not the dashboard's
// latest-date curve: a re-run is judged against its own configuration) and the runs after it, same keys. Each re-run point is
// judged against its earlier run with the curve's noise, measured on the
// baseline's runs alone (the re-runs are what is being judged, so they
// are not their own noise), and against the baseline frontier at its own
// interactivity. The model is refitted on the new runs; the parameter
// that moved most is named with what it means.

// Verdicts of a re-run point.
const (
	Regressed   = "regressed"
	WithinNoise = "within noise"
	Improved    = "improved"
)

// RegressRequest says what to compare.
type RegressRequest struct {
	Points   []model.Point
	Baseline string // YYYY-MM-DD: the published curve as of this date
}

// PointChange is one run after the baseline against the baseline.
type PointChange struct {
	ID      string  `json:"id"`
	Date    string  `json:"date"`
	Was     string  `json:"was,omitempty"` // the baseline run of its configuration
	WasDate string  `json:"was_date,omitempty"`
	X       float64 `json:"x"`
	Y       float64 `json:"y"`
	// At the same configuration: y's and x's change, percent, and the
	// verdict on y (the number the dashboard publishes) with the noise.
	SameConfig bool    `json:"same_config"`
	YPct       float64 `json:"y_pct"`
	XPct       float64 `json:"x_pct"`
	Config     string  `json:"config_verdict,omitempty"`
	// At the same interactivity: the baseline frontier at X, the gap to
	// it, and the verdict (false HasLine outside the baseline's x range).
	HasLine bool    `json:"has_line"`
	Line    float64 `json:"line"`
	GapPct  float64 `json:"gap_pct"`
	AtX     string  `json:"at_x_verdict,omitempty"`
}

// Move is one fitted parameter before and after, with what it means.
type Move struct {
	Param     string  `json:"param"`
	Before    float64 `json:"before"`
	After     float64 `json:"after"`
	ChangePct float64 `json:"change_pct"`
	Means     string  `json:"means"`
}

// Refit is the model fitted on the baseline and on the new runs.
type Refit struct {
	Kind  string `json:"kind"` // "planner" or "decode step law"
	Moves []Move `json:"moves"`
	Moved *Move  `json:"moved"` // the largest move past the noise, nil when none
	Says  string `json:"says"`
	Err   string `json:"error,omitempty"`
}

// CurveRegress is one curve's comparison.
type CurveRegress struct {
	Curve     model.CurveKey `json:"curve"`
	Baseline  string         `json:"baseline"`
	Noise     model.Margin   `json:"noise"`
	Changes   []PointChange  `json:"changes"`
	Regressed int            `json:"regressed"`
	Within    int            `json:"within_noise"`
	Improved  int            `json:"improved"`
	Refit     *Refit         `json:"refit"`
	// Reselect are the new runs select keeps when it runs on every run
	// (the points the curve should now publish), Rerun the baseline frontier configurations the new image
	// has not run, Queue the runs to make (Rerun, then the regressed).
	Reselect []string      `json:"reselect"`
	Remove   []string      `json:"remove"` // the removals the selection implies
	Rerun    []string      `json:"rerun"`
	Queue    []model.Point `json:"-"`
}

// Regress compares every curve with runs on both sides of the baseline.
func Regress(req RegressRequest) []CurveRegress {
	var out []CurveRegress
	for _, c := range model.GroupCurves(req.Points) {
		if c.Points[0].Source == model.SourcePlanned || c.Points[0].Source == model.SourceCompetitor {
			continue
		}
		var base, after []model.Point
		for i := range c.Points {
			p := &c.Points[i]
			switch {
			case p.Prov.Date == "":
			case p.Prov.Date <= req.Baseline:
				base = append(base, *p)
			default:
				after = append(after, *p)
			}
		}
		if len(base) == 0 || len(after) == 0 {
			continue
		}
		out = append(out, regressCurve(c, base, after, req.Baseline))
	}
	return out
}

func regressCurve(c model.Curve, base, after []model.Point, date string) CurveRegress {
	r := CurveRegress{Curve: c.Key, Baseline: date, Noise: model.MarginFromNoise(base, AxisX, AxisY)}
	yNoise := r.Noise.Pct
	if mn, ok := model.EstimateNoise(base).For(AxisY.Metric); ok && !mn.Assumed {
		yNoise = mn.SpreadPct
	}
	published := pick(base, model.LatestIndex(base, ""))
	newest := pick(after, model.LatestIndex(after, ""))
	byConfig := map[string]int{}
	for i := range published {
		byConfig[published[i].Knobs.BaseID()] = i
	}
	line := model.NewFrontierLine(published, AxisX, AxisY)
	rerun := map[string]bool{}
	for i := range newest {
		p := &newest[i]
		x, y, ok := p.XY(AxisX, AxisY)
		if !ok {
			continue
		}
		ch := PointChange{ID: p.ID, Date: p.Prov.Date, X: x, Y: y}
		if j, ok := byConfig[p.Knobs.BaseID()]; ok {
			if bx, by, ok := twinMean(base, &published[j]); ok && by > 0 && bx > 0 {
				rerun[published[j].Knobs.BaseID()] = true
				ch.SameConfig, ch.Was, ch.WasDate = true, published[j].ID, published[j].Prov.Date
				ch.YPct, ch.XPct = 100*(y/by-1), 100*(x/bx-1)
				ch.Config = verdict(ch.YPct, yNoise)
			}
		}
		if v, ok := line.At(x); ok && v > 0 {
			ch.HasLine, ch.Line, ch.GapPct = true, v, 100*(y/v-1)
			ch.AtX = verdict(ch.GapPct, yNoise)
		}
		switch ch.Config {
		case Regressed:
			r.Regressed++
		case WithinNoise:
			r.Within++
		case Improved:
			r.Improved++
		}
		r.Changes = append(r.Changes, ch)
	}
	slices.SortStableFunc(r.Changes, func(a, b PointChange) int { return cmp.Compare(a.X, b.X) })
	r.Refit = refit(c.Key, published, newest, yNoise)
	r.reselect(c, published, rerun)
	return r
}

func verdict(pct, noise float64) string {
	switch {
	case pct < -noise:
		return Regressed
	case pct > noise:
		return Improved
	}
	return WithinNoise
}

// reselect runs select over every run (the new ones latest) and names
// what it would publish anew, and the baseline frontier points the new
// image has not run (they are what the curve shows until they are).
func (r *CurveRegress) reselect(c model.Curve, published []model.Point, rerun map[string]bool) {
	sel, err := model.Select(model.SelectRequest{Points: c.Points, Curve: c.Key, X: AxisX, Y: AxisY, Margin: r.Noise})
	if err == nil {
		fresh := map[string]bool{}
		for _, ch := range r.Changes {
			fresh[ch.ID] = true
		}
		for _, id := range sel.Keep {
			if fresh[id] {
				r.Reselect = append(r.Reselect, id)
			}
		}
		r.Remove = sel.Remove
	}
	for _, i := range model.Frontier(published, AxisX, AxisY) {
		p := published[i]
		if !rerun[p.Knobs.BaseID()] {
			r.Rerun = append(r.Rerun, p.ID)
			r.Queue = append(r.Queue, p)
		}
	}
	for _, ch := range r.Changes {
		if ch.Config == Regressed {
			if i := model.FindID(c.Points, ch.ID); i >= 0 {
				r.Queue = append(r.Queue, c.Points[i])
			}
		}
	}
	r.Reselect, r.Rerun, r.Remove = model.OrEmpty(r.Reselect), model.OrEmpty(r.Rerun), model.OrEmpty(r.Remove)
}

// imageParam are the parameters an image can move: not f (the scenario's
// lengths), r_mean (how the client averages) or a bound standing in for an
// unknown τP.
var imageParam = map[string]bool{"alpha": true, "beta": true, "d0": true, "u": true, "tau_p": true,
	"delta_total_tokens": true, "delta_total_requests": true, "r90": true}

// largestMove is the move of an image parameter farthest past the noise,
// nil when none is.
func largestMove(moves []Move, noise float64) *Move {
	var best *Move
	for i := range moves {
		m := &moves[i]
		if math.Abs(m.ChangePct) <= noise || !imageParam[m.Param] {
			continue
		}
		if best == nil || math.Abs(m.ChangePct) > math.Abs(best.ChangePct) {
			best = m
		}
	}
	return best
}

func says(m *Move, kind string) string {
	if m == nil {
		return fmt.Sprintf("no parameter of the %s moved past the noise", kind)
	}
	dir := "rose"
	if m.ChangePct < 0 {
		dir = "fell"
	}
	return fmt.Sprintf("%s %s %.1f %% (%.4g → %.4g): %s", m.Param, dir, math.Abs(m.ChangePct), m.Before, m.After, m.Means)
}

// twinMean is a configuration's x and y on its published date: the mean
// of its runs that day (twins), so a re-run is not judged against
// whichever twin happened to load last.
func twinMean(base []model.Point, p *model.Point) (x, y float64, ok bool) {
	key, n := p.Knobs.BaseID(), 0
	for i := range base {
		q := &base[i]
		if q.Prov.Date != p.Prov.Date || q.Knobs.BaseID() != key {
			continue
		}
		if qx, qy, has := q.XY(AxisX, AxisY); has {
			x, y, n = x+qx, y+qy, n+1
		}
	}
	if n == 0 {
		return 0, 0, false
	}
	return x / float64(n), y / float64(n), true
}
