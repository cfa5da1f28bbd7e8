package model

import "encoding/json"

// JSON of the review (review --json): absent values are null, never 0;
// lists are [] when empty.

func (r CurveReview) MarshalJSON() ([]byte, error) {
	kept := make([]string, len(r.Kept))
	for i := range r.Kept {
		kept[i] = r.Kept[i].ID
	}
	return json.Marshal(struct {
		Axis        string           `json:"axis"`
		YAxis       string           `json:"y_axis"`
		Curve       CurveKey         `json:"curve"`
		WithPlanned bool             `json:"with_planned"`
		Kept        []string         `json:"kept"`
		Removed     []RemovalVerdict `json:"removed"`
		NotHull     []HullRow        `json:"not_hull_vertices"`
		Coverage    CoverageResult   `json:"coverage"`
		Retunes     []Retune         `json:"retunes"`
		Gains       []PointGain      `json:"gains"`
		Rivals      int              `json:"rivals"`
		Noise       *MetricNoise     `json:"noise"` // the y metric's run-to-run spread; null: none known
		LeftOut     []LeftOut        `json:"left_out"`
		Projection  *Projection      `json:"projection,omitempty"`
		AsOf        *string          `json:"as_of"`
		Holes       []Hole           `json:"holes"`
		NorthStar   NorthStarGate    `json:"north_star"`
	}{r.X.Name, r.Y.Name, r.Curve, r.WithPlanned, kept, OrEmpty(r.Removed), OrEmpty(r.NotHull),
		r.Coverage, OrEmpty(r.Retunes), OrEmpty(r.Gains), r.Rivals, r.yNoise(), OrEmpty(r.LeftOut), r.Projection,
		OrNullString(r.AsOf), OrEmpty(r.Holes), r.NorthStar})
}

// removalJSON is a RemovalVerdict as review --json writes it and
// UnmarshalJSON reads it back.
type removalJSON struct {
	ID              string   `json:"id"`
	X               float64  `json:"x"`
	Y               float64  `json:"y"`
	Test            string   `json:"test"`
	Neighbours      []string `json:"neighbours"`
	LineValue       *float64 `json:"line_value"`
	GapPct          *float64 `json:"gap_pct"`
	Covered         bool     `json:"covered"`
	ParetoDominated bool     `json:"pareto_dominated"`
	DominatedBy     *string  `json:"dominated_by"`
	Twins           []string `json:"twins"`
	UsesPlanned     bool     `json:"uses_planned"`
	Planned         []string `json:"planned"`
	WithinNoise     bool     `json:"within_noise"`
}

func (v RemovalVerdict) MarshalJSON() ([]byte, error) {
	return json.Marshal(removalJSON{v.ID, v.X, v.Y, v.Test, OrEmpty(v.Neighbours), OrNull(v.LineValue, v.HasLine), OrNull(v.GapPct, v.HasLine),
		v.Covered, v.ParetoDominated, OrNullString(v.DominatedBy), OrEmpty(v.Twins), v.UsesPlanned, OrEmpty(v.Planned), v.WithinNoise})
}

// UnmarshalJSON reads a verdict as MarshalJSON writes it: a null line
// value is no line (HasLine false), a null dominator "", an empty list nil.
func (v *RemovalVerdict) UnmarshalJSON(data []byte) error {
	var w removalJSON
	if err := json.Unmarshal(data, &w); err != nil {
		return err
	}
	*v = RemovalVerdict{ID: w.ID, X: w.X, Y: w.Y, Test: w.Test, Neighbours: orNil(w.Neighbours), Covered: w.Covered,
		ParetoDominated: w.ParetoDominated, Twins: orNil(w.Twins), UsesPlanned: w.UsesPlanned, Planned: orNil(w.Planned),
		WithinNoise: w.WithinNoise}
	v.LineValue, v.HasLine = fromNull(w.LineValue)
	v.GapPct, _ = fromNull(w.GapPct)
	if w.DominatedBy != nil {
		v.DominatedBy = *w.DominatedBy
	}
	return nil
}

func (c CoverageResult) MarshalJSON() ([]byte, error) {
	type counts CoverageResult // the tagged fields, without this method
	return json.Marshal(struct {
		counts
		RecommendedMin int  `json:"recommended_min"`
		Short          bool `json:"short"`
	}{counts(c), RecommendedFrontierPoints, c.Short()})
}

func (r Retune) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		KeptID       string   `json:"kept_id"`
		PublishedID  string   `json:"published_id"`
		Topology     string   `json:"topology"`
		Concurrency  int      `json:"concurrency"`
		TputDelta    *float64 `json:"tput_delta"`
		TputDeltaPct *float64 `json:"tput_delta_pct"`
		XDelta       *float64 `json:"x_delta"`
		XDeltaPct    *float64 `json:"x_delta_pct"`
		WithinNoise  bool     `json:"within_noise"`
	}{r.KeptID, r.PublishedID, r.Topology, r.Concurrency, OrNull(r.DY, r.HasY), OrNull(r.DYPct, r.HasY),
		OrNull(r.DX, r.HasX), OrNull(r.DXPct, r.HasX), r.WithinNoise})
}

// gainJSON is a PointGain as review, compare and select --json write it
// and UnmarshalJSON reads it back.
type gainJSON struct {
	ID          string   `json:"id"`
	Curve       CurveKey `json:"curve"`
	X           float64  `json:"x"`
	Y           float64  `json:"y"`
	OtherValue  *float64 `json:"other_value"`
	GainPct     *float64 `json:"gain_pct"`
	WithinNoise bool     `json:"within_noise"`
	// The dashboard's reading of the other curve (monotone cubic).
	DashValue  *float64 `json:"dashboard_other_value"`
	DashPct    *float64 `json:"dashboard_gain_pct"`
	DashWithin bool     `json:"dashboard_within_noise"`
	Projected  float64  `json:"projected_from_s,omitempty"`
	NotProj    string   `json:"not_projected,omitempty"`
	NotDrawn   string   `json:"not_drawn,omitempty"` // the dashboard's frontier leaves it out: why
}

func (g PointGain) MarshalJSON() ([]byte, error) {
	return json.Marshal(gainJSON{g.ID, g.Curve, g.X, g.Y, OrNull(g.Other, g.HasOther), OrNull(g.GainPct, g.HasOther), g.WithinNoise,
		OrNull(g.Dashboard, g.HasOther), OrNull(g.DashboardPct, g.HasOther), g.DashboardWithinNoise,
		g.ProjectedFromS, g.NotProjected, g.NotDrawn})
}

// UnmarshalJSON reads a gain as MarshalJSON writes it: a null other value
// is no other frontier at X (HasOther false). Index and ShortRunS are not
// written, so they read as 0.
func (g *PointGain) UnmarshalJSON(data []byte) error {
	var w gainJSON
	if err := json.Unmarshal(data, &w); err != nil {
		return err
	}
	*g = PointGain{ID: w.ID, Curve: w.Curve, Gain: Gain{X: w.X, Y: w.Y}, WithinNoise: w.WithinNoise,
		DashboardWithinNoise: w.DashWithin, ProjectedFromS: w.Projected, NotProjected: w.NotProj, NotDrawn: w.NotDrawn}
	g.Other, g.HasOther = fromNull(w.OtherValue)
	g.GainPct, _ = fromNull(w.GainPct)
	g.Dashboard, _ = fromNull(w.DashValue)
	g.DashboardPct, _ = fromNull(w.DashPct)
	return nil
}

// yNoise is the y metric's spread for JSON: nil when none is known.
func (r CurveReview) yNoise() *MetricNoise {
	if mn, ok := r.YNoise(); ok {
		return &mn
	}
	return nil
}
