package model_test

import (
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// apiPoint is an API-row-like agg point: hardware, scenario, date, knobs.
func apiPoint(hw, scenario, date string, tp, conc int, tput, intvty float64) model.Point {
	p := model.Point{
		Curve:  model.CurveKey{Model: "dsr1", Scenario: scenario, Hardware: hw, Framework: "sglang", Precision: "fp4", Spec: "none"},
		Source: model.SourcePublished,
		Knobs:  model.Knobs{Mode: model.ModeAgg, Prefill: model.Role{Workers: 1, GPUs: tp, TP: tp, EP: 1}, Concurrency: conc},
		Prov:   model.Provenance{Date: date},
	}
	p.Metrics.Set(model.TputPerGPU, tput)
	p.Metrics.Set(model.MeanIntvty, intvty)
	return p
}

func TestCurveKeyNamesEveryFieldUnknownNeverBlank(t *testing.T) {
	k := model.CurveKey{Model: "dsr1", Scenario: "1k1k", Hardware: "mi355x", Framework: "sglang", Precision: "fp4", Spec: "none"}
	if got := k.String(); got != "dsr1 · 1k1k · mi355x · sglang · fp4 · none" {
		t.Errorf("String = %q", got)
	}
	if got := (model.CurveKey{Model: "dsr1", Hardware: "h100"}).String(); got != "dsr1 · unknown scenario · h100 · unknown framework · unknown precision · unknown spec decoding" {
		t.Errorf("String = %q", got)
	}
}

func TestResolveSpecsFromKnobsAndTheOneKnownCurve(t *testing.T) {
	mtp := apiPoint("b200", "1k1k", "", 8, 4, 100, 50)
	mtp.Curve.Spec = ""
	mtp.Knobs.SpecDecoding = "mtp"
	local := apiPoint("b200", "1k1k", "", 8, 8, 90, 40)
	local.Curve.Spec = "" // a result without a recipe: method unknown
	lone := apiPoint("h100", "1k1k", "", 8, 8, 90, 40)
	lone.Curve.Spec = "" // no curve of h100 with a known method
	two1, two2, twoU := apiPoint("gb200", "1k1k", "", 8, 8, 1, 1), apiPoint("gb200", "1k1k", "", 8, 16, 1, 1), apiPoint("gb200", "1k1k", "", 8, 32, 1, 1)
	two1.Curve.Spec, two2.Curve.Spec, twoU.Curve.Spec = "mtp", "none", ""
	pts := []model.Point{mtp, local, lone, two1, two2, twoU}
	model.ResolveSpecs(pts)
	got := []string{pts[0].Curve.Spec, pts[1].Curve.Spec, pts[2].Curve.Spec, pts[5].Curve.Spec}
	if want := []string{"mtp", "mtp", "", ""}; !reflect.DeepEqual(got, want) {
		t.Errorf("specs %q, want %q", got, want)
	}
}

// IDs tell dates and curves apart by what differs, never by a counter.
func TestAssignIDsDatesAndCurves(t *testing.T) {
	pts := []model.Point{
		apiPoint("mi355x", "1k1k", "2025-10-06", 4, 4, 100, 90), // first: the bare ID's owner curve
		apiPoint("mi355x", "8k1k", "2025-10-06", 4, 4, 300, 45), // another scenario, same config
		apiPoint("mi355x", "1k1k", "2026-02-27", 4, 8, 311, 81), // measured on two dates …
		apiPoint("mi355x", "1k1k", "2025-10-06", 4, 8, 290, 80), // … both carry their date
		apiPoint("b200", "1k1k", "2025-10-06", 4, 4, 200, 95),   // another hardware
		apiPoint("mi355x", "1k1k", "2025-10-06", 4, 4, 101, 90), // a true duplicate
	}
	model.AssignIDs(pts)
	want := []string{
		"agg-tp4-c4",
		"agg-tp4-c4@8k1k",
		"agg-tp4-c8@2026-02-27",
		"agg-tp4-c8@2025-10-06",
		"agg-tp4-c4@b200",
		"agg-tp4-c4@published",
	}
	for i, w := range want {
		if pts[i].ID != w {
			t.Errorf("point %d: %q, want %q", i, pts[i].ID, w)
		}
	}
}

func TestLatestAsOf(t *testing.T) {
	pts := []model.Point{
		apiPoint("mi355x", "1k1k", "2025-10-06", 4, 8, 290, 80),
		apiPoint("mi355x", "1k1k", "2026-02-27", 4, 8, 311, 81),
		apiPoint("mi355x", "1k1k", "2025-12-05", 4, 16, 500, 66),
		apiPoint("mi355x", "8k1k", "2025-10-06", 4, 8, 300, 45), // another curve: its own latest
		apiPoint("mi355x", "1k1k", "", 4, 8, 280, 79),           // undated: always shown
	}
	local := apiPoint("mi355x", "1k1k", "2025-09-01", 4, 8, 295, 82)
	local.Source = model.SourceLocal // another source: its own history
	pts = append(pts, local)
	// the rule as written, and LatestIndex (its fast form once the load chose one)
	for name, latest := range map[string]func([]model.Point, string) []int{
		"rule":        func(p []model.Point, asOf string) []int { return model.LatestIndexRule(p, nil, asOf) },
		"LatestIndex": model.LatestIndex,
	} {
		if got, want := latest(pts, ""), []int{1, 2, 3, 4, 5}; !reflect.DeepEqual(got, want) {
			t.Errorf("%s: latest %v, want %v", name, got, want)
		}
		if got, want := latest(pts, "2025-12-31"), []int{0, 2, 3, 4, 5}; !reflect.DeepEqual(got, want) {
			t.Errorf("%s: as of 2025-12-31: %v, want %v", name, got, want)
		}
		if got, want := latest(pts, "2025-10-06"), []int{0, 3, 4, 5}; !reflect.DeepEqual(got, want) {
			t.Errorf("%s: as of 2025-10-06: %v, want %v", name, got, want)
		}
	}
	if got, want := model.Dates(pts), []string{"2025-09-01", "2025-10-06", "2025-12-05", "2026-02-27"}; !reflect.DeepEqual(got, want) {
		t.Errorf("dates %v", got)
	}
	s := model.Summarize(model.Curve{Key: pts[0].Curve, Points: pts})
	if s.Points != 6 || s.DateRange() != "2025-09-01 … 2026-02-27" {
		t.Errorf("summary %+v %q", s, s.DateRange())
	}
}

// The frontier moved between two dates: a re-measured configuration gains
// against the old frontier at its x, a new configuration joins.
func TestShiftBetweenDates(t *testing.T) {
	old4 := apiPoint("gb300", "1k1k", "2025-10-06", 8, 4, 100, 100)
	old16 := apiPoint("gb300", "1k1k", "2025-10-06", 8, 16, 300, 50)
	new4 := apiPoint("gb300", "1k1k", "2026-01-10", 8, 4, 120, 100)
	new64 := apiPoint("gb300", "1k1k", "2026-01-10", 8, 64, 600, 20)
	pts := []model.Point{old4, old16, new4, new64}
	model.AssignIDs(pts)
	s := model.ShiftBetween(pts, "2025-12-01", "2026-02-01", model.AxisMeanIntvty, model.AxisTputPerGPU)
	if len(s.Before) != 2 || len(s.After) != 3 {
		t.Fatalf("before %d after %d", len(s.Before), len(s.After))
	}
	if !reflect.DeepEqual(s.New, []string{"agg-tp8-c64", "agg-tp8-c4@2026-01-10"}) || !reflect.DeepEqual(s.Dropped, []string{"agg-tp8-c4@2025-10-06"}) {
		t.Errorf("new %v dropped %v", s.New, s.Dropped)
	}
	// c4 re-measured at x 100: 120 against the old 100 = +20 %; c64 at x 20
	// lies outside the old frontier's x range [50, 100]: no gain.
	byID := map[string]model.PointGain{}
	for _, g := range s.Gains {
		byID[g.ID] = g
	}
	if g := byID["agg-tp8-c4@2026-01-10"]; !g.HasOther || g.Other != 100 || math.Abs(g.GainPct-20) > 1e-12 {
		t.Errorf("c4 gain %+v", g)
	}
	if g := byID["agg-tp8-c64"]; g.HasOther {
		t.Errorf("c64 extrapolated: %+v", g)
	}
}

// tput_per_mw = tput × 1000 / kW; cost_per_mtok = USD/h / (tput × 3600) × 1e6.
func TestDeriveExact(t *testing.T) {
	specs := model.DefaultGPUSpecs()
	p := apiPoint("gb300-nv", "1k1k", "", 16, 4, 1033494, 150.7)
	specs.SetPower("gb300", 2.5)
	specs.SetCost("gb300", 3.6)
	q := apiPoint("tpuv7", "1k1k", "", 8, 4, 100, 10)
	pts := []model.Point{p, q}
	if missing := model.Derive(pts, specs); !reflect.DeepEqual(missing, []string{"tpuv7"}) {
		t.Errorf("missing %v", missing)
	}
	if v, _ := pts[0].Value(model.TputPerMW); v != 413397600 {
		t.Errorf("tput per MW %v, want 413397600", v)
	}
	// 3.6 / 3,720,578,400 × 1e6 = 0.000967591… $/Mtok
	if v, _ := pts[0].Value(model.CostPerMTok); v != 3.6/(1033494.0*3600)*1e6 || model.FormatValue(model.CostPerMTok, v) != "0.000968" {
		t.Errorf("cost per Mtok %v (%s)", v, model.FormatValue(model.CostPerMTok, v))
	}
	if pts[1].Metrics.Has(model.TputPerMW) || pts[1].Metrics.Has(model.CostPerMTok) {
		t.Error("a hardware without a spec got derived metrics")
	}
	// The built-in table is the dashboard's: MI355X 2.65 kW, $1.48/h.
	s, ok := model.DefaultGPUSpecs().Lookup("MI355X")
	if !ok || s.PowerKW != 2.65 || s.CostPerHour != 1.48 {
		t.Errorf("mi355x spec %+v %v", s, ok)
	}
	if model.TputPerMWOf(1000, 2) != 500000 || model.CostPerMTokOf(3.6, 1000) != 1 {
		t.Errorf("formulas: %v %v", model.TputPerMWOf(1000, 2), model.CostPerMTokOf(3.6, 1000))
	}
	for _, bad := range []string{"gb300", "=2", "gb300=x", "gb300=-1", "gb300=0", "gb300=NaN"} {
		if _, _, err := model.ParseHWValue(bad); err == nil {
			t.Errorf("ParseHWValue(%q) accepted", bad)
		}
	}
	if hw, v, err := model.ParseHWValue(" h100 = 1.5 "); err != nil || hw != "h100" || v != 1.5 {
		t.Errorf("ParseHWValue: %q %v %v", hw, v, err)
	}
}

// Cost is lower-is-better: on one hardware its frontier is the throughput
// frontier, and the hull is taken in the good direction.
func TestCostAxisIsLowerIsBetter(t *testing.T) {
	x, cost := model.AxisMeanIntvty, model.AxisCostPerMTok
	pts := []model.Point{
		apiPoint("h100", "1k1k", "", 8, 1, 100, 300),
		apiPoint("h100", "1k1k", "", 8, 2, 150, 250), // under the chord of its neighbours
		apiPoint("h100", "1k1k", "", 8, 4, 400, 200),
		apiPoint("h100", "1k1k", "", 8, 8, 300, 100), // dominated
		apiPoint("h100", "1k1k", "", 8, 16, 800, 50),
	}
	model.AssignIDs(pts)
	specs := model.GPUSpecs{"h100": {PowerKW: 1, CostPerHour: 1}}
	model.Derive(pts, specs)
	if a, b := model.Frontier(pts, x, cost), model.Frontier(pts, x, model.AxisTputPerGPU); !reflect.DeepEqual(a, b) {
		t.Errorf("cost frontier %v, throughput frontier %v", a, b)
	}
	gaps := model.HullGaps(pts, x, cost)
	vertex := map[int]bool{}
	for _, g := range gaps {
		vertex[g.Index] = g.Vertex
		if g.Gap < -1e-12 {
			t.Errorf("point %d: negative gap %v", g.Index, g.Gap)
		}
	}
	if !vertex[0] || vertex[1] || !vertex[2] || !vertex[4] {
		t.Errorf("hull vertices %v", vertex)
	}
}

// GroupCurvesInPlace makes the curves GroupCurves makes, from the caller's
// own array.
func TestGroupCurvesInPlaceIsGroupCurves(t *testing.T) {
	var pts []model.Point
	for i := range 500 {
		p := model.Point{ID: "p" + strconv.Itoa(i), Curve: model.CurveKey{Model: "m" + strconv.Itoa(i*7%3), Hardware: "h" + strconv.Itoa(i*13%5)}}
		if i%11 == 10 {
			p.Curve = pts[len(pts)-1].Curve // runs of one curve
		}
		pts = append(pts, p)
	}
	want := model.GroupCurves(pts)
	got := model.GroupCurvesInPlace(slices.Clone(pts))
	if len(got) != len(want) {
		t.Fatalf("%d curves, want %d", len(got), len(want))
	}
	for c := range want {
		if got[c].Key != want[c].Key || !slices.EqualFunc(got[c].Points, want[c].Points, func(a, b model.Point) bool { return a.ID == b.ID }) {
			t.Fatalf("curve %d differs", c)
		}
	}
}

// LatestIndexOf on one curve's indices keeps what LatestIndex keeps of it.
func TestLatestIndexOfIsLatestIndex(t *testing.T) {
	var pts []model.Point
	for i := range 300 {
		hw := []string{"b200", "h200"}[i%2]
		pts = append(pts, apiPoint(hw, "8k1k", "2026-02-"+strconv.Itoa(10+i%7), 1+i%3, 4<<(i%5), float64(i), 10))
	}
	all := model.LatestIndex(pts, "2026-02-14")
	var idx, want []int
	for i := range pts {
		if pts[i].Curve.Hardware == "h200" {
			idx = append(idx, i)
		}
	}
	for _, i := range all {
		if pts[i].Curve.Hardware == "h200" {
			want = append(want, i)
		}
	}
	if got := model.LatestIndexOf(pts, idx, "2026-02-14"); !slices.Equal(got, want) || len(want) == 0 || len(want) == len(idx) {
		t.Fatalf("LatestIndexOf %v, want %v (of %d)", got, want, len(idx))
	}
	if got := model.LatestIndexOf(pts, nil, ""); len(got) != 0 {
		t.Fatalf("no indices: %v", got)
	}
}

// TestCanonicalHardware: the hardware of a curve key is the dashboard's,
// lower case and trimmed; an empty one stays empty.
func TestCanonicalHardware(t *testing.T) {
	pts := []model.Point{{Curve: model.CurveKey{Hardware: "B200"}}, {Curve: model.CurveKey{Hardware: " b200 "}},
		{Curve: model.CurveKey{Hardware: "GB300"}}, {}}
	model.CanonicalHardware(pts)
	var got []string
	for _, p := range pts {
		got = append(got, p.Curve.Hardware)
	}
	if strings.Join(got, ",") != "b200,b200,gb300," {
		t.Errorf("hardware %q", got)
	}
}

// Derived by curve, the points get what Derive gives them: a hardware
// without a spec none (a stale value cleared), a point without a positive
// tput-per-gpu none.
func TestDeriveByCurveIsDerive(t *testing.T) {
	specs := model.DefaultGPUSpecs()
	pts := []model.Point{
		apiPoint("gb300-nv", "1k1k", "", 16, 4, 1033494, 150.7),
		apiPoint("tpuv7", "1k1k", "", 8, 4, 100, 10),
		apiPoint("gb300-nv", "1k1k", "", 32, 4, 0, 150.7),
		apiPoint("gb300-nv", "8k1k", "", 16, 4, 5000, 40),
	}
	pts[1].Metrics.Set(model.TputPerMW, 7) // stale
	var curves []model.CurveKey
	curveOf := make([]int32, len(pts))
	for i, p := range pts {
		at := slices.Index(curves, p.Curve)
		if at < 0 {
			at, curves = len(curves), append(curves, p.Curve)
		}
		curveOf[i] = int32(at)
	}
	want := slices.Clone(pts)
	model.Derive(want, specs)
	model.DeriveByCurve(pts, curveOf, curves, specs)
	for i := range pts {
		if pts[i].Metrics != want[i].Metrics {
			t.Errorf("point %d: %v, Derive %v", i, pts[i].Metrics, want[i].Metrics)
		}
	}
	if !pts[0].Metrics.Has(model.TputPerMW) || pts[1].Metrics.Has(model.TputPerMW) || len(curves) != 3 {
		t.Errorf("derived %v %v over %d curves", pts[0].Metrics.Has(model.TputPerMW), pts[1].Metrics.Has(model.TputPerMW), len(curves))
	}
}
