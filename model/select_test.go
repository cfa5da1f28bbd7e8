package model_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/internal/fixtures"
	"github.com/sweeptune/sweeptune/model"
)

// marginCurve loads testdata/select/margin: the published curve before the
// retune and the local 3P c700/c800/c900 runs.
func marginCurve(t testing.TB) []model.Point {
	return fixtures.Margin(t)
}

func selectOn(t testing.TB, pts []model.Point, req model.SelectRequest) *model.Selection {
	t.Helper()
	req.Points = pts
	req.Curve = pts[0].Curve
	if req.X.Name == "" {
		req.X = model.AxisP90Intvty
	}
	if req.Y.Name == "" {
		req.Y = model.AxisTputPerGPU
	}
	s, err := model.Select(req)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Worked IDs of the margin fixture.
const (
	id3PC700 = "3p1d-dep2-dep16-b18-c700"
	id3PC800 = "3p1d-dep2-dep16-b18-c800"
	id3PC900 = "3p1d-dep2-dep16-b18-c900"
)

// bandOf is the band whose choice is id.
func bandOf(t *testing.T, s *model.Selection, id string) model.Band {
	t.Helper()
	for _, b := range s.Bands {
		if b.Chosen == id {
			return b
		}
	}
	t.Fatalf("no band chose %s; bands: %+v", id, s.Bands)
	return model.Band{}
}

func contenderIDs(cs []model.Contender) []string {
	out := []string{}
	for _, c := range cs {
		out = append(out, c.ID)
	}
	slices.Sort(out)
	return out
}

func round2(v float64) float64 { return math.Round(v*100) / 100 }

// The pull request's call: c700 (p90 299.2) replaces agg TP2/EP2 c16 (292.4)
// with margin; c800 (296.8, +1.50 %) and c900 (294.5, +0.72 %) only dominate
// it inside a 2 % margin.
func TestSelectC700ReplacesTP2EP2WithMargin(t *testing.T) {
	s := selectOn(t, marginCurve(t), model.SelectRequest{Margin: model.Margin{Pct: 2, Source: "--margin"}})
	b := bandOf(t, s, id3PC700)
	if b.Choice != model.ChoiceReplaces || b.Replaces != idAggTEP2C16 {
		t.Fatalf("c700's band: %s %q, want replaces %s", b.Choice, b.Replaces, idAggTEP2C16)
	}
	if got := round2(b.GainX); got != 2.33 {
		t.Errorf("c700 over TP2/EP2 on p90: %.2f %%, want 2.33 (299.2 / 292.4)", got)
	}
	if got, want := contenderIDs(b.InsideNoise), []string{id3PC800, id3PC900}; !slices.Equal(got, want) {
		t.Fatalf("inside noise: %v, want %v", got, want)
	}
	for _, c := range b.InsideNoise {
		want := map[string]float64{id3PC800: 1.50, id3PC900: 0.72}[c.ID]
		if round2(c.GainX) != want {
			t.Errorf("%s over TP2/EP2: %.2f %%, want %.2f", c.ID, c.GainX, want)
		}
	}
	// 9P BS160 has no p90: placed by its mean interactivity, 9P BS192
	// (+2.08 % throughput) replaces it; 8P c4096 lies under the line of its
	// neighbouring choices, so its band merges into 7P's; the removals are
	// rule 18(g)'s, on mean interactivity against the review's steady-state
	// kept curve.
	if !slices.Equal(s.Remove, []string{id9PB160, id8PC4096, idAggTEP2C16}) {
		t.Errorf("removals %v, want 9P BS160, 8P c4096 and %s", s.Remove, idAggTEP2C16)
	}
	if !s.CoveredAll() || len(s.Review.Removed) != 3 {
		t.Fatalf("review: %+v", s.Review.Removed)
	}
	if v := s.Review.Removed[2]; round2(v.LineValue) != 243084.79 {
		t.Errorf("TP2/EP2 line value %.2f, want 243,084.79 (agg TP4 c16 – 3P c1228 at mean 377.4)", v.LineValue)
	}
	if !slices.Contains(s.Add, id3PC700) || slices.Contains(s.Add, id3PC800) || slices.Contains(s.Add, id3PC900) {
		t.Errorf("added %v: want c700 and neither c800 nor c900", s.Add)
	}
	if b.Weak == "" || !b.ShortRun {
		t.Errorf("c700 is a 1200 s run: its band should ask for a full run, got %q", b.Weak)
	}
	if s.Margin.Source != "--margin" {
		t.Errorf("margin source %q", s.Margin.Source)
	}
}

// The margin decides: at 1 % c800 beats TP2/EP2 with margin and has the
// higher throughput; at 3 % nothing does and TP2/EP2 stays.
func TestSelectMarginMoves(t *testing.T) {
	pts := marginCurve(t)
	s := selectOn(t, pts, model.SelectRequest{Margin: model.Margin{Pct: 1}})
	b := bandOf(t, s, id3PC800)
	if b.Replaces != idAggTEP2C16 || !slices.Equal(contenderIDs(b.InsideNoise), []string{id3PC900}) {
		t.Fatalf("1 %%: %+v", b)
	}
	if got := contenderIDs(b.Others); !slices.Equal(got, []string{id3PC700}) {
		t.Errorf("1 %%: others %v, want c700 (a clear win with less throughput)", got)
	}
	s = selectOn(t, pts, model.SelectRequest{Margin: model.Margin{Pct: 3}})
	b = bandOf(t, s, idAggTEP2C16)
	if b.Choice != model.ChoiceKept || len(b.InsideNoise) != 3 {
		t.Fatalf("3 %%: %+v", b)
	}
	if slices.Contains(s.Remove, idAggTEP2C16) || !s.CoveredAll() {
		t.Errorf("3 %%: removals %v", s.Remove)
	}
}

// onePerBand checks the selection's invariants: one chosen point per band,
// no extras, every removal covered, kept = the chosen points.
func onePerBand(t *testing.T, s *model.Selection) {
	t.Helper()
	chosen := 0
	for _, b := range s.Bands {
		if len(b.Extra) > 0 {
			t.Errorf("band [%.2f, %.2f) keeps %v beside %s", b.Lo, b.Hi, b.Extra, b.Chosen)
		}
		if b.Chosen != "" {
			chosen++
		}
	}
	if want := chosen + outsideIncumbents(s); want != len(s.Keep) {
		t.Errorf("%d chosen and outside, %d kept", want, len(s.Keep))
	}
	for _, v := range s.Review.Removed {
		if !v.Covered {
			t.Errorf("removal %s not covered (%s test)", v.ID, v.Test)
		}
	}
	if !s.CoverageHolds {
		t.Errorf("coverage: before %d/%d, after %d/%d", s.CoverageBefore.P90E2EL, s.CoverageBefore.P75E2EL, s.CoverageAfter.P90E2EL, s.CoverageAfter.P75E2EL)
	}
}

// outsideIncumbents counts the kept points outside the bands (placed by
// mean interactivity beyond the measured range, or outside given edges).
func outsideIncumbents(s *model.Selection) int {
	n := 0
	for _, id := range s.Outside {
		if slices.Contains(s.Keep, id) {
			n++
		}
	}
	return n
}

// The demo at the dashboard's axis: one point per band, the removals
// covered; the points without p90 interactivity are placed by their mean
// interactivity, not left aside. As of 2026-11-05 (before the retune's
// sweep was published), in the default five bands as in four, it is the
// pull request's call: c700 replaces agg TP2/EP2 c16 on p90, 7P BS96
// replaces 8P c4096 (at five bands 8P's own band, 10.0 % under the line of
// 7P and 5P, merges into 7P's), 9P BS192 replaces 9P BS160, with rule
// 18(g)'s line values.
func TestSelectDemo(t *testing.T) {
	s := selectOn(t, demoPoints(t), model.SelectRequest{Margin: model.Margin{Pct: model.DefaultMarginPct, Source: "default"}})
	onePerBand(t, s)
	for _, id := range []string{"agg-tp4-c16", id8PC4096, id9PB160} {
		if !slices.ContainsFunc(s.Placed, func(n string) bool { return strings.HasPrefix(n, id) }) {
			t.Errorf("%s has no p90 interactivity: want it placed by its mean interactivity, got %v", id, s.Placed)
		}
	}
	for _, bands := range []int{0, 4} {
		s = selectOn(t, demoPoints(t), model.SelectRequest{Bands: bands, Margin: model.Margin{Pct: 2}, AsOf: "2026-11-05"})
		onePerBand(t, s)
		if b := bandOf(t, s, id3PC700); b.Choice != model.ChoiceReplaces || b.Replaces != idAggTEP2C16 || round2(b.GainX) != 2.33 {
			t.Errorf("%d bands, as of 2026-11-05: %+v", bands, b)
		}
		b := bandOf(t, s, "7p1d-dep2-dep16-b96-c5540")
		if b.Replaces != id8PC4096 || !b.ByMean || round2(b.GainY) != 28.67 {
			t.Errorf("%d bands, 7P BS96: %+v", bands, b)
		}
		if merged := bands == 0; b.Merged != merged || s.Merges != len(b.Dropped) ||
			(merged && (len(b.Dropped) != 1 || b.Dropped[0].ID != id8PC4096 || math.Round(b.Dropped[0].UnderPct*10)/10 != 10.0)) {
			t.Errorf("%d bands: 7P's band merged %v, dropped %+v, %d merges; want 8P c4096 dropped 10.0 %% under the 7P–5P line at five bands only", bands, b.Merged, b.Dropped, s.Merges)
		}
		if b := bandOf(t, s, "9p1d-dep2-dep16-b192-c7480"); b.Replaces != id9PB160 || !b.ByMean {
			t.Errorf("%d bands, 9P BS192: %+v", bands, b)
		}
		want := map[string]float64{idAggTEP2C16: 243084.79, id8PC4096: 853132.41, id9PB160: 1100893.85}
		for _, v := range s.Review.Removed {
			if round2(v.LineValue) != want[v.ID] {
				t.Errorf("%d bands, %s: line value %.2f, want %.2f", bands, v.ID, v.LineValue, want[v.ID])
			}
		}
		if len(s.Review.Removed) != 3 {
			t.Errorf("%d bands: removals %v", bands, s.Remove)
		}
	}
	s = selectOn(t, demoPoints(t), model.SelectRequest{X: model.AxisMeanIntvty, Margin: model.Margin{Pct: 2}})
	onePerBand(t, s)
}

// Explicit edges: candidates outside them stay, bad edges are refused.
func TestSelectEdges(t *testing.T) {
	pts := marginCurve(t)
	s := selectOn(t, pts, model.SelectRequest{Edges: []float64{250, 290, 300}, Margin: model.Margin{Pct: 2}})
	// Outside: 5P, 7P, 9P BS192 by p90, and agg TP4 c16, 8P c4096 and 9P
	// BS160 placed by their mean interactivity.
	if len(s.Outside) != 6 || bandOf(t, s, id3PC700).Replaces != idAggTEP2C16 {
		t.Errorf("outside %v; bands %+v", s.Outside, s.Bands)
	}
	for _, edges := range [][]float64{{1}, {2, 1}, {1, 1}, {1, math.NaN()}} {
		if _, err := model.Select(model.SelectRequest{Points: pts, Curve: pts[0].Curve, X: model.AxisP90Intvty, Y: model.AxisTputPerGPU, Edges: edges}); err == nil {
			t.Errorf("edges %v accepted", edges)
		}
	}
	if _, err := model.Select(model.SelectRequest{Points: pts, Curve: pts[0].Curve, X: model.AxisP90Intvty, Y: model.AxisTputPerGPU, Margin: model.Margin{Pct: -1}}); err == nil {
		t.Error("a negative margin accepted")
	}
	if _, err := model.Select(model.SelectRequest{Points: pts, Curve: model.CurveKey{Model: "none"}, X: model.AxisP90Intvty, Y: model.AxisTputPerGPU}); err == nil {
		t.Error("a curve without points accepted")
	}
}

// On random curves of published and local points, whatever the bands and
// margin: every implied removal is covered, and a band keeps a point beside
// its choice only when the two share x.
func TestSelectInvariantRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	curve := model.CurveKey{Model: "m", Scenario: "s", Hardware: "h", Framework: "f", Precision: "p"}
	for trial := 0; trial < 300; trial++ {
		n := 1 + r.IntN(40)
		pts := make([]model.Point, n)
		for i := range pts {
			p := &pts[i]
			p.ID = "p" + string(rune('a'+i%26)) + string(rune('a'+i/26))
			p.Curve = curve
			p.Source = model.SourcePublished
			if r.IntN(2) == 0 {
				p.Source = model.SourceLocal
			}
			x := float64(10 + r.IntN(300))
			if trial%3 == 0 {
				x = float64(10 * (1 + r.IntN(4))) // many points at one x
			}
			p.Metrics.Set(model.P90Intvty, x)
			p.Metrics.Set(model.TputPerGPU, (400-x)*(1+r.Float64())*1000)
		}
		s, err := model.Select(model.SelectRequest{Points: pts, Curve: curve, X: model.AxisP90Intvty, Y: model.AxisTputPerGPU,
			Bands: 1 + r.IntN(8), Margin: model.Margin{Pct: float64(r.IntN(5))}})
		if err != nil {
			t.Fatal(err)
		}
		if !s.CoveredAll() {
			t.Fatalf("trial %d: a removal not covered: %+v", trial, s.Review.Removed)
		}
		for _, b := range s.Bands {
			for _, id := range b.Extra {
				px, _ := pts[model.FindID(pts, id)].Metrics.Get(model.P90Intvty)
				if px != b.X {
					t.Errorf("trial %d: %s kept beside %s at another x", trial, id, b.Chosen)
				}
			}
		}
	}
}

// FuzzParseEdges: whatever the text, ParseEdges returns strictly ascending
// finite edges or an error, and what it accepts Select accepts.
func FuzzParseEdges(f *testing.F) {
	for _, s := range []string{"100,200,300", " 97.4 , 150,299.2", "1", "2,1", "1,1", "1,NaN", "1,inf", ",", "1e308,1e309", "-5,0,5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		edges, err := model.ParseEdges(s)
		if err != nil {
			return
		}
		if len(edges) < 2 {
			t.Fatalf("%q: %v", s, edges)
		}
		for i := 1; i < len(edges); i++ {
			if !(edges[i] > edges[i-1]) || math.IsInf(edges[i], 0) {
				t.Fatalf("%q: %v not strictly ascending and finite", s, edges)
			}
		}
		var pts []model.Point
		if _, err := model.Select(model.SelectRequest{Points: pts, X: model.AxisP90Intvty, Y: model.AxisTputPerGPU, Edges: edges}); err != nil {
			t.Fatalf("%q: Select refuses edges ParseEdges accepted: %v", s, err)
		}
	})
}

// The selection's verdicts are model.Review's on rule 18(g)'s axis, as
// review and export run it: the same removals against the default kept
// curve as of the date give the same line values.
func TestSelectAgreesWithReview(t *testing.T) {
	for _, pts := range [][]model.Point{marginCurve(t), demoPoints(t)} {
		s := selectOn(t, pts, model.SelectRequest{Margin: model.Margin{Pct: 2}, AsOf: "2026-11-05", Bands: 4})
		r, err := model.Review(model.ReviewRequest{Points: model.Latest(pts, "2026-11-05"), Curve: &s.Curve, Remove: s.Remove,
			X: model.AxisMeanIntvty, Y: model.AxisTputPerGPU, AsOf: "2026-11-05", Runs: pts})
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Removed) != len(s.Review.Removed) {
			t.Fatalf("%d verdicts, Review gives %d", len(s.Review.Removed), len(r.Removed))
		}
		for i, v := range r.Removed {
			w := s.Review.Removed[i]
			if v.ID != w.ID || v.Covered != w.Covered || v.LineValue != w.LineValue || v.Test != w.Test {
				t.Errorf("%s: select says %+v, Review %+v", v.ID, w, v)
			}
		}
	}
	s := selectOn(t, demoPoints(t), model.SelectRequest{Margin: model.Margin{Pct: 2}})
	if b := s.CoverageBefore; b.P90E2EL != 8 || b.P75E2EL != 7 {
		t.Errorf("demo coverage before: %d / %d, want 8 / 7", b.P90E2EL, b.P75E2EL)
	}
}

// FuzzParseSelectionSet: any bytes give a set or an error, never a panic;
// a set has no empty ID and nothing both added and removed.
func FuzzParseSelectionSet(f *testing.F) {
	for _, s := range []string{
		`{"schema_version":1,"selection":{"curve":{"model":"m"},"add":["a"],"remove":["b"]},"warnings":[]}`,
		`{"curve":{"model":"m"},"add":[],"remove":["b"]}`,
		`{"selection":{"curve":{"model":"m"},"add":["a"],"remove":["a"]}}`,
		`{"selection":{"add":["a"]}}`, `{"selection":{"curve":{},"add":[""]}}`, `[]`, `null`, `{"selection":7}`, ``,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		set, err := model.ParseSelectionSet(data)
		if err != nil {
			return
		}
		for _, id := range set.Add {
			if id == "" || slices.Contains(set.Remove, id) {
				t.Fatalf("%q: %+v", data, set)
			}
		}
		if slices.Contains(set.Remove, "") {
			t.Fatalf("%q: %+v", data, set)
		}
	})
}

// A selection's own JSON reads back to its add/remove set.
func TestSelectionSetRoundTrip(t *testing.T) {
	s := selectOn(t, marginCurve(t), model.SelectRequest{Margin: model.Margin{Pct: 2}})
	b, err := s.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	set, err := model.ParseSelectionSet(b)
	if err != nil || !slices.Equal(set.Add, s.Add) || !slices.Equal(set.Remove, s.Remove) || set.Curve != s.Curve {
		t.Fatalf("%+v, %v", set, err)
	}
}

// The coverage a selection reports is the curve's as of --as-of: before the
// sweep was published (2026-11-06) no published point of the demo has an
// E2EL, so the dashboard's frontier on it has no points, before or after;
// review says the same ("no data"). Without a date the sweep's 8 and 7 count.
func TestSelectCoverageAsOf(t *testing.T) {
	s := selectOn(t, demoPoints(t), model.SelectRequest{Margin: model.Margin{Pct: 2}, AsOf: "2026-11-05"})
	if s.CoverageBefore.P90E2EL != 0 || s.CoverageBefore.P75E2EL != 0 || s.CoverageAfter.P90E2EL != 0 {
		t.Errorf("as of 2026-11-05: coverage before %+v, after %+v; want no E2EL frontier points", s.CoverageBefore, s.CoverageAfter)
	}
	s = selectOn(t, demoPoints(t), model.SelectRequest{Margin: model.Margin{Pct: 2}})
	if s.CoverageBefore.P90E2EL != 8 || s.CoverageBefore.P75E2EL != 7 {
		t.Errorf("today: coverage before %+v; want 8 and 7 (the sweep's points)", s.CoverageBefore)
	}
}
