package audit_test

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/sweeptune/sweeptune/audit"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
)

// multi-curve.json: dsr1 1k1k mi355x sglang ran c4…c64 on 2025-10-06 and
// c8, c16, c64 again (and c128) on 2026-02-27.
func TestRegressClassifiesEachReRunAndNamesTheMovedParameter(t *testing.T) {
	ds := sources.LoadPaths([]string{"../testdata/apirows/multi-curve.json"}, sources.Options{})
	rs := audit.Regress(audit.RegressRequest{Points: ds.Points, Baseline: "2025-12-31"})
	if len(rs) != 1 || rs[0].Curve.Hardware != "mi355x" || rs[0].Curve.Scenario != "1k1k" {
		t.Fatalf("curves %v; want the one re-run curve, dsr1 1k1k mi355x", rs)
	}
	r := rs[0]
	if r.Noise.Pct != model.DefaultMarginPct {
		t.Errorf("noise %v: the baseline has no repeats, so the default", r.Noise)
	}
	want := map[string]float64{"agg-tp4-c8@2026-02-27": 13.33, "agg-tp4-c16@2026-02-27": 13.33, "agg-tp4-c64@2026-02-27": 13.33}
	same := 0
	for _, c := range r.Changes {
		if !c.SameConfig {
			if c.ID != "agg-tp4-c128" {
				t.Errorf("%s: no earlier run, but not the new c128", c.ID)
			}
			continue
		}
		same++
		if w, ok := want[c.ID]; !ok || math.Abs(c.YPct-w) > 0.01 || c.Config != audit.Improved || c.AtX != audit.Improved {
			t.Errorf("%s: %+.2f %% %s / %s; want %+.2f %% improved at both", c.ID, c.YPct, c.Config, c.AtX, w)
		}
	}
	if same != 3 || r.Improved != 3 || r.Regressed != 0 || r.Within != 0 {
		t.Errorf("same config %d: %d improved, %d regressed, %d within", same, r.Improved, r.Regressed, r.Within)
	}
	f := r.Refit
	if f == nil || f.Err != "" || f.Kind != "decode step law" || f.Moved == nil || f.Moved.Param != "beta" || math.Abs(f.Moved.ChangePct+11.8) > 0.1 {
		t.Fatalf("refit %+v; want the step law's beta, −11.8 %%", f)
	}
	if len(r.Rerun) != 2 || r.Rerun[0] != "agg-tp4-c32" || r.Rerun[1] != "agg-tp4-c4" {
		t.Errorf("rerun %v; want the baseline frontier points not re-run: c32, c4", r.Rerun)
	}
}

// A re-run below its earlier run by more than the curve's noise (twins on
// the baseline date measure it) is regressed; one inside it is not.
func TestRegressUsesTheBaselinesNoise(t *testing.T) {
	rows := []map[string]any{}
	add := func(conc int, tput, x float64, date string) {
		rows = append(rows, row("h200", "sglang", "dsr1", conc, x, tput, date, ""))
	}
	for _, c := range []struct {
		conc    int
		x, tput float64
	}{{4, 100, 300}, {8, 90, 500}, {16, 75, 800}, {32, 55, 1100}} {
		add(c.conc, c.tput, c.x, "2026-01-10")
		add(c.conc, c.tput*1.03, c.x, "2026-01-10") // a twin 3 % apart: noise ≈ ±3 %
	}
	add(8, 500*0.90, 90, "2026-03-01")  // −10 %: regressed
	add(16, 800*0.99, 75, "2026-03-01") // −1 %: within noise
	data, _ := json.Marshal(rows)
	ds := sources.LoadBytes("rows.json", data, sources.Options{})
	rs := audit.Regress(audit.RegressRequest{Points: ds.Points, Baseline: "2026-02-01"})
	if len(rs) != 1 {
		t.Fatalf("%d curves", len(rs))
	}
	r := rs[0]
	if r.Noise.Pct < 2.5 || r.Noise.Pct > 3.5 {
		t.Errorf("noise %v, want about ±3 %% from the twins", r.Noise)
	}
	if r.Regressed != 1 || r.Within != 1 {
		t.Errorf("%d regressed, %d within: %+v", r.Regressed, r.Within, r.Changes)
	}
	if len(r.Queue) == 0 {
		t.Error("the regressed point is not queued")
	}
}
