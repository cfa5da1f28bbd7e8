package model_test

import (
	"math"
	"math/rand"
	"reflect"
	"strconv"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

var testCurve = model.CurveKey{Model: "dsv41flash", Scenario: "agentic-coding", Hardware: "gb300", Framework: "dynamo-sglang", Precision: "fp4", Spec: "dspark"}

// disagg is an NP-prefill DEP16 point of the demo's topology.
func disagg(np, bs, c int, durS float64, date string, tput, mean float64) model.Point {
	k := model.Knobs{Mode: model.ModeDisagg,
		Prefill:  model.Role{Workers: np, GPUs: 2, TP: 2, EP: 2, DPAttn: true},
		Decode:   model.Role{Workers: 1, GPUs: 16, TP: 16, EP: 16, DPAttn: true},
		DecodeBS: bs, Balance: model.BalanceTotalTokens, Concurrency: c}
	p := model.Point{Curve: testCurve, Source: model.SourceLocal, Knobs: k,
		Prov: model.Provenance{DurationS: durS, Date: date}}
	p.Metrics.Set(model.TputPerGPU, tput)
	if mean > 0 {
		p.Metrics.Set(model.MeanIntvty, mean)
	}
	return p
}

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.10g, want %.10g (±%g)", what, got, want, tol)
	}
}

// runLengthFixture: three configurations at 1200 s and 3600 s, one at
// 1200 s only (7P c5540); throughput about 3.8× from 1200 s to 3600 s as
// the PR this tool replaces projected it.
func runLengthFixture() []model.Point {
	pts := []model.Point{
		disagg(3, 18, 700, 1200, "2026-10-30", 58400, 290.2),
		disagg(3, 18, 700, 3600, "2026-10-31", 222000, 295.0),
		disagg(3, 24, 1228, 1200, "2026-10-30", 97600, 281.2),
		disagg(3, 24, 1228, 3600, "2026-10-31", 371000, 283.3),
		disagg(5, 40, 2884, 1200, "2026-10-30", 189000, 221.9),
		disagg(5, 40, 2884, 3600, "2026-10-31", 717972, 220.3),
		disagg(7, 96, 5540, 1200, "2026-10-30", 272000, 150.7),
	}
	model.AssignIDs(pts)
	return pts
}

func TestProjectRunsFactorSpreadAndLoneShortRun(t *testing.T) {
	projs := model.ProjectRuns(runLengthFixture())
	if len(projs) != 1 {
		t.Fatalf("projections = %d, want 1", len(projs))
	}
	pr := projs[0]
	if pr.SteadyS != 3600 {
		t.Errorf("steady = %v, want 3600", pr.SteadyS)
	}
	tp, ok := pr.Factor(model.TputPerGPU, 1200)
	if !ok {
		t.Fatal("no throughput factor")
	}
	// exp(mean ln(222000/58400, 371000/97600, 717972/189000)).
	near(t, "tput factor", tp.Factor, 3.8004641566, 1e-9)
	near(t, "tput spread %", tp.SpreadPct, 0.0381195147, 1e-9)
	if tp.Pairs != 3 || tp.FullS != 3600 || tp.ShortS != 1200 {
		t.Errorf("tput factor: %+v", tp)
	}
	mi, _ := pr.Factor(model.MeanIntvty, 1200)
	near(t, "intvty factor", mi.Factor, 1.0055515821, 1e-9)
	near(t, "intvty spread %", mi.SpreadPct, 1.1935249547, 1e-9)
	if len(pr.Projected) != 1 || pr.Projected[0].ID != "7p1d-dep2-dep16-b96-c5540" {
		t.Fatalf("projected = %+v, want the lone 7P run", pr.Projected)
	}
	p := pr.Projected[0].Point
	y, _ := p.Metrics.Get(model.TputPerGPU)
	near(t, "7P projected tput", y, 272000*3.8004641566, 1e-3)
	m, _ := p.Metrics.Get(model.MeanIntvty)
	near(t, "7P projected intvty", m, 150.7*1.0055515821, 1e-6)
	if !p.Prov.Projected() || p.Prov.ProjectedFromS != 1200 || p.Prov.DurationS != 3600 || p.Prov.ShortRun() {
		t.Errorf("projected run not marked: %+v", p.Prov)
	}
	if len(pr.Superseded) != 3 || len(pr.Unprojected) != 0 {
		t.Errorf("superseded %v, unprojected %v", pr.Superseded, pr.Unprojected)
	}
	// ApplyProjection puts the projection in place of the raw run, and only it.
	out := model.ApplyProjection(runLengthFixture(), projs)
	if v, _ := out[6].Metrics.Get(model.TputPerGPU); math.Abs(v-y) > 1e-9 {
		t.Errorf("applied 7P tput = %v, want %v", v, y)
	}
	if v, _ := out[0].Metrics.Get(model.TputPerGPU); v != 58400 {
		t.Errorf("a superseded short run changed: %v", v)
	}
}

func TestProjectRunsNamesWhatItCannotProject(t *testing.T) {
	pts := runLengthFixture()
	pts = append(pts, disagg(9, 192, 7480, 600, "", 1000, 100))
	model.AssignIDs(pts)
	pr := model.ProjectRuns(pts)[0]
	if len(pr.Unprojected) != 1 || pr.Unprojected[0].ID != "9p1d-dep2-dep16-b192-c7480" {
		t.Fatalf("unprojected = %+v", pr.Unprojected)
	}
	// A metric no factor covers is dropped from the projection, never raw.
	pts = runLengthFixture()
	pts[6].Metrics.Set(model.P90Intvty, 157.5)
	pr = model.ProjectRuns(pts)[0]
	if got := pr.Projected[0]; len(got.Dropped) != 1 || got.Dropped[0] != "p90-intvty" || got.Point.Metrics.Has(model.P90Intvty) {
		t.Errorf("p90 without a factor: %+v", got.Dropped)
	}
	// Curves without short runs need no projection.
	if got := model.ProjectRuns([]model.Point{disagg(3, 18, 700, 3600, "", 1, 1)}); len(got) != 0 {
		t.Errorf("no short run: %d projections", len(got))
	}
}

func TestNoiseFromShortFullPairsAfterProjection(t *testing.T) {
	n := model.EstimateNoise(runLengthFixture())
	tp, ok := n.For(model.TputPerGPU)
	if !ok {
		t.Fatal("no throughput noise")
	}
	// Three short/full pairs, one factor fitted on them: two pairs left, and
	// the spread is the factor's own.
	if tp.Pairs != 2 || tp.ByKind[model.PairShortFull] != 2 {
		t.Errorf("pairs = %d %v, want 2 short/full", tp.Pairs, tp.ByKind)
	}
	near(t, "tput noise %", tp.SpreadPct, 0.0381195147, 1e-9)
	mi, _ := n.For(model.MeanIntvty)
	near(t, "intvty noise %", mi.SpreadPct, 1.1935249547, 1e-9)
}

func TestNoiseOfTheDemoTwins(t *testing.T) {
	// Tables A–C measure agg TP4 c16, 3P c1228, 5P, 7P and 9P BS192 twice,
	// on different dates (re-runs); the 1200 s runs have no 3600 s partner,
	// so no factor.
	n := model.EstimateNoise(demoPoints(t))
	tp, _ := n.For(model.TputPerGPU)
	if tp.Pairs != 5 || tp.ByKind[model.PairRerun] != 5 {
		t.Errorf("tput pairs = %d %v, want 5 re-runs", tp.Pairs, tp.ByKind)
	}
	// √2·√(Σ(ln x − mean)²/5): 29428/29353, 383313/383628, 717972/715623,
	// 1033494/1014363, 1117063/1113381.
	near(t, "tput noise %", tp.SpreadPct, 0.8694086110, 1e-9)
	mi, _ := n.For(model.MeanIntvty)
	if mi.Pairs != 4 {
		t.Errorf("mean intvty pairs = %d, want 4", mi.Pairs)
	}
	near(t, "mean intvty noise %", mi.SpreadPct, 2.1536762816, 1e-9)
	if within, _, known := n.Within(model.TputPerGPU, 0.5); !known || !within {
		t.Error("a 0.5 % throughput gain should be within 0.87 % noise")
	}
	if within, _, _ := n.Within(model.TputPerGPU, -1.2); within {
		t.Error("a 1.2 % throughput gap is outside 0.87 % noise")
	}
}

func TestNoiseRerunsAndNoneKnown(t *testing.T) {
	pts := []model.Point{
		disagg(3, 18, 800, 3600, "2026-10-30", 240000, 296.8),
		disagg(3, 18, 800, 3600, "2026-11-02", 243600, 293.0),
		disagg(3, 18, 900, 3600, "2026-10-30", 250000, 294.5),
	}
	n := model.EstimateNoise(pts)
	tp, _ := n.For(model.TputPerGPU)
	if tp.Pairs != 1 || tp.ByKind[model.PairRerun] != 1 {
		t.Errorf("pairs = %d %v, want one re-run", tp.Pairs, tp.ByKind)
	}
	near(t, "re-run spread %", tp.SpreadPct, 100*math.Log(243600.0/240000), 1e-9)
	// A curve without repeats: none is known, unless the user sets one.
	lone := model.EstimateNoise(pts[2:])
	if lone.Known() {
		t.Fatalf("no repeats but noise %+v", lone)
	}
	if _, ok := lone.For(model.TputPerGPU); ok {
		t.Error("no repeats: For should say none is known")
	}
	if _, _, known := lone.Within(model.TputPerGPU, 0.1); known {
		t.Error("no repeats: Within should say none is known")
	}
	d, ok := lone.WithDefault(2).For(model.TputPerGPU)
	if !ok || !d.Assumed || d.SpreadPct != 2 || d.Pairs != 0 {
		t.Errorf("--noise 2: %+v", d)
	}
	// Planned and competitor points never count.
	pl := pts[1]
	pl.Source = model.SourcePlanned
	if got := model.EstimateNoise([]model.Point{pts[0], pl}); got.Known() {
		t.Errorf("a planned twin counted: %+v", got)
	}
}

func TestReviewLeavesShortRunsOutUnlessProjected(t *testing.T) {
	pts := runLengthFixture()
	req := model.ReviewRequest{Points: pts, Remove: []string{"3p1d-dep2-dep16-b24-c1228@2026-10-31"}, X: model.AxisMeanIntvty, Y: model.AxisTputPerGPU}
	r, err := model.Review(req)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range r.Kept {
		if p.Prov.ShortRun() {
			t.Errorf("short run %s in the kept curve", p.ID)
		}
	}
	left := map[string]string{}
	for _, s := range r.LeftOut {
		left[s.ID] = s.Reason
	}
	lone := "7p1d-dep2-dep16-b96-c5540"
	if why := left[lone]; why != "a 1200 s run: not steady state, so not leaned on unless projected" {
		t.Errorf("lone short run: %q (left out %v)", why, r.LeftOut)
	}
	// With projection the lone run stands in the kept curve, marked; the
	// superseded short runs are named for their full-length runs.
	req.ProjectRuns = true
	r, err = model.Review(req)
	if err != nil {
		t.Fatal(err)
	}
	var got *model.Point
	for i := range r.Kept {
		if r.Kept[i].ID == lone {
			got = &r.Kept[i]
		}
	}
	if got == nil || !got.Prov.Projected() {
		t.Fatalf("projected 7P not kept: %+v", r.Kept)
	}
	if y, _ := got.Metrics.Get(model.TputPerGPU); math.Abs(y-272000*3.8004641566) > 1e-3 {
		t.Errorf("kept 7P tput %v", y)
	}
	if r.Projection == nil || len(r.Projection.Factors) == 0 {
		t.Error("review --project-runs carries no projection")
	}
	for _, s := range r.LeftOut {
		if s.ID == lone || s.Reason != "a 1200 s run: its configuration's full-length run stands for it" {
			t.Errorf("left out with projection: %+v", s)
		}
	}
	if len(r.LeftOut) != 2 { // 3P c700 and 5P c2884; 3P c1228 is removed
		t.Errorf("left out %+v", r.LeftOut)
	}
}

func TestReviewFlagsGainsWithinNoise(t *testing.T) {
	// The demo's twins give ±0.87 % on throughput: 9P BS160's line-test
	// margin (−0.59 %) is within it, 8P c4096's (−5.85 %) is not.
	r, err := model.Review(model.ReviewRequest{Points: demoPoints(t), Remove: []string{id8PC4096, idAggTEP2C16, id9PB160},
		Keep: []string{idAggTP4C16, id3PC1228, id5PC2884, id7PC5540, id9PB192}, X: model.AxisMeanIntvty, Y: model.AxisTputPerGPU})
	if err != nil {
		t.Fatal(err)
	}
	mn, ok := r.YNoise()
	if !ok || mn.Pairs != 5 {
		t.Fatalf("y noise %+v", mn)
	}
	for _, v := range r.Removed {
		want := v.ID == id9PB160
		if v.WithinNoise != want {
			t.Errorf("%s gap %.2f %%: within noise %v, want %v", v.ID, v.GapPct, v.WithinNoise, want)
		}
	}
}

// Suspect runs set no run-length factor, no steady-state length and no
// noise spread, admitted or not: a 0-token re-run of 3P c700 at 1200 s and
// an implausible 7200 s run of 5P leave the fixture's numbers as they were.
func TestSuspectRunsSetNoFactorNorNoise(t *testing.T) {
	for _, admit := range []bool{false, true} {
		pts := runLengthFixture()
		zero := disagg(3, 18, 700, 1200, "2026-10-29", 1, 1)
		zero.MarkSuspect(model.RuleZeroOutput, "the run reports 0 output tokens: it measured nothing")
		long := disagg(5, 40, 2884, 7200, "2026-11-01", 29398000, 220)
		long.MarkSuspect(model.RuleImplausible, "8× its siblings")
		pts = append(pts, zero, long)
		model.AssignIDs(pts)
		model.AdmitSuspect(pts, admit)
		projs := model.ProjectRuns(pts)
		if len(projs) != 1 || projs[0].SteadyS != 3600 {
			t.Fatalf("admit %v: projections %+v", admit, projs)
		}
		tp, _ := projs[0].Factor(model.TputPerGPU, 1200)
		near(t, "tput factor", tp.Factor, 3.8004641566, 1e-9)
		near(t, "tput spread %", tp.SpreadPct, 0.0381195147, 1e-9)
		if tp.Pairs != 3 {
			t.Errorf("admit %v: pairs %d, want 3", admit, tp.Pairs)
		}
		n, _ := model.EstimateNoise(pts).For(model.TputPerGPU)
		near(t, "tput noise %", n.SpreadPct, 0.0381195147, 1e-9)
		if n.Pairs != 2 || n.ByKind[model.PairTwin] != 0 || n.ByKind[model.PairRerun] != 0 {
			t.Errorf("admit %v: noise pairs %d %v, want 2 short/full", admit, n.Pairs, n.ByKind)
		}
	}
	// A suspect twin alone makes no spread at all.
	a := disagg(3, 18, 800, 3600, "2026-10-30", 240000, 296.8)
	b := disagg(3, 18, 800, 3600, "2026-11-02", 0, 0)
	b.MarkSuspect(model.RuleZeroOutput, "the run completed 0 requests")
	if got := model.EstimateNoise([]model.Point{a, b}); got.Known() {
		t.Errorf("a suspect re-run set a spread: %+v", got)
	}
}

// Runs of three curves interleaved: twins, re-runs, short runs a factor
// projects and short runs none does, suspect and planned runs, dates
// either side of an as-of. The noise of the runs at some indexes, read
// where they lie, is the noise of their copies (and of none for none),
// as of every date too: the rule's own passes over an index list; the
// lists read in turn in one working memory give the same.
func TestNoiseOfRunsAtIndexesIsTheNoiseOfTheirCopies(t *testing.T) {
	r := rand.New(rand.NewSource(53))
	curves := []model.CurveKey{testCurve, {Model: "dsv41flash", Hardware: "b200", Framework: "vllm", Precision: "fp4"},
		{Model: "dsv41flash", Hardware: "gb300", Framework: "vllm", Precision: "fp8"}}
	var all []model.Point
	for range 3000 {
		dur := []float64{3600, 3600, 1200, 600}[r.Intn(4)]
		p := disagg(1+r.Intn(4), 18, []int{700, 1228, 2884}[r.Intn(3)], dur, "2026-11-"+strconv.Itoa(10+r.Intn(10)),
			(1+r.Float64()*0.1)*dur*100, 200+r.Float64()*20)
		p.Curve = curves[r.Intn(len(curves))]
		switch r.Intn(30) {
		case 0:
			p.Source = model.SourcePlanned
		case 1:
			p.MarkSuspect("implausible", "test")
		}
		all = append(all, p)
	}
	model.AssignIDs(all)
	tested := 0
	for _, asOf := range []string{"", "2026-11-14", "2026-11-01"} {
		lists, wants := [][]int{nil, {}}, []model.Noise{model.EstimateNoise(nil), model.EstimateNoise(nil)}
		for _, c := range curves {
			for _, keep := range []int{1, 2, 5} { // every run of the curve, every other, one in five
				var idx []int
				var copies []model.Point
				for i := range all {
					if all[i].Curve == c && i%keep == 0 {
						idx = append(idx, i)
						copies = append(copies, all[i])
					}
				}
				got, want := model.NoiseAsOfAt(all, idx, asOf), model.NoiseAsOf(copies, asOf)
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("curve %s, one in %d, as of %q:\n got %+v\nwant %+v", c, keep, asOf, got, want)
				}
				lists, wants = append(lists, idx), append(wants, want)
				if tp, ok := want.For(model.TputPerGPU); ok && tp.ByKind[model.PairShortFull] > 0 && tp.ByKind[model.PairRerun] > 0 {
					tested++
				}
			}
		}
		// in turn, in one working memory: the same
		if got := model.NoisesAsOfAt(all, lists, asOf); !reflect.DeepEqual(got, wants) {
			t.Fatalf("as of %q: the runs in turn give %+v, each alone %+v", asOf, got, wants)
		}
	}
	if tested < 12 {
		t.Errorf("%d readings had re-runs and projected short runs: the runs do not test the reading", tested)
	}
	if got, want := model.EstimateNoiseAt(all, nil), model.EstimateNoise(nil); !reflect.DeepEqual(got, want) {
		t.Errorf("no indexes: %+v, want the noise of no points %+v", got, want)
	}
}
