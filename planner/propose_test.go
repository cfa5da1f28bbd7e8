package planner_test

import (
	"math"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner"
	"github.com/sweeptune/sweeptune/sources/demo"
)

func demoSelection(t *testing.T, x model.Axis, edges ...float64) ([]model.Point, *model.Selection) {
	t.Helper()
	pts := demo.Load().Points
	s, err := model.Select(model.SelectRequest{Points: pts, Curve: pts[0].Curve, X: x, Y: model.AxisTputPerGPU, Edges: edges,
		Margin: model.Margin{Pct: 2, Source: "--margin"}})
	if err != nil {
		t.Fatal(err)
	}
	return pts, s
}

// On the demo at p90, with a band left empty between 7P and 5P (8P c4096,
// placed by its mean interactivity 191.4, lies left of it): the empty band
// gets a 5P proposal run short (its predicted win lies within the model's
// backtest error), and the bands of 3P c1228 and 3P c700, chosen from
// 1200 s runs (the latest of each), a full run of each.
func TestProposeDemoP90(t *testing.T) {
	pts, s := demoSelection(t, model.AxisP90Intvty, 90, 140, 195, 225, 300)
	p, err := planner.Propose(planner.ProposeRequest{Selection: s, Points: pts, MaxGPUs: 34})
	if err != nil {
		t.Fatal(err)
	}
	if !p.Error.Known || !strings.HasPrefix(p.Error.Source, "backtest (leave-one-out, 5 points)") {
		t.Fatalf("error %+v", p.Error)
	}
	if math.Round(p.Error.TputPct*10)/10 != 3.4 {
		t.Errorf("backtest throughput error %.2f %%, want 3.4", p.Error.TputPct)
	}
	if len(p.Bands) != 3 {
		t.Fatalf("bands proposed for: %+v", p.Bands)
	}
	empty, c1228, c700 := p.Bands[0], p.Bands[1], p.Bands[2]
	if empty.Weak != "no measured candidate" || len(empty.Runs) == 0 {
		t.Fatalf("empty band: %+v", empty)
	}
	for _, r := range empty.Runs {
		if r.Kind != planner.RunShort || r.DurationS != planner.ShortRunS || r.Knobs.Prefill.Workers != 5 {
			t.Errorf("empty band run %s: %s %d s, %d prefill workers", r.ID, r.Kind, r.DurationS, r.Knobs.Prefill.Workers)
		}
		if math.Abs(r.WinPct) > p.Error.TputPct || r.X < empty.Lo || r.X >= empty.Hi {
			t.Errorf("%s: win %.1f %% outside ±%.1f, or x %.1f outside the band", r.ID, r.WinPct, p.Error.TputPct, r.X)
		}
		if r.Prediction == nil || r.Config.GPUs() > 34 || r.Knobs.MaxRunningRequests != 16*r.Knobs.DecodeBS {
			t.Errorf("%s: prediction %v, %d GPUs, MRR %d", r.ID, r.Prediction != nil, r.Config.GPUs(), r.Knobs.MaxRunningRequests)
		}
	}
	for _, b := range []struct {
		band planner.BandProposals
		id   string
	}{{c1228, "3p1d-dep2-dep16-b24-c1228"}, {c700, "3p1d-dep2-dep16-b18-c700"}} {
		if r := b.band.Runs; len(r) != 1 || r[0].ID != b.id || r[0].Kind != planner.RunFull || r[0].DurationS != 3600 || r[0].Prediction == nil {
			t.Fatalf("%s band: %+v", b.id, r)
		}
	}
	// Cheapest first: the 26-GPU short runs before the 22-GPU full run
	// (26 × 1200 < 22 × 3600).
	if last := p.Runs[len(p.Runs)-1]; last.Kind != planner.RunFull {
		t.Errorf("runs not cheapest first: %+v", p.Runs)
	}
}

// A clear winner gets a full run; a budget too small for any point, none.
func TestProposeDemoMean(t *testing.T) {
	pts, s := demoSelection(t, model.AxisMeanIntvty)
	p, err := planner.Propose(planner.ProposeRequest{Selection: s, Points: pts, MaxGPUs: 34})
	if err != nil {
		t.Fatal(err)
	}
	full := 0
	for _, r := range p.Runs {
		if r.Kind == planner.RunFull {
			full++
			if r.WinPct <= p.Error.TputPct {
				t.Errorf("%s: full run at a win of %.1f %%, within the %.1f %% error", r.ID, r.WinPct, p.Error.TputPct)
			}
		}
	}
	if full == 0 {
		t.Fatalf("no full run proposed on the mean axis: %+v", p.Runs)
	}
	if _, err := planner.Propose(planner.ProposeRequest{Selection: s, Points: pts}); err == nil {
		t.Error("no budget accepted")
	}
	_, e2e := demoSelection(t, model.AxisP90E2EL)
	if _, err := planner.Propose(planner.ProposeRequest{Selection: e2e, Points: pts, MaxGPUs: 34}); err == nil {
		t.Error("proposals on an E2EL axis accepted")
	}
}
