package audit_test

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/audit"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render"
	"github.com/sweeptune/sweeptune/sources"
)

// A curve whose rows carry no p90 interactivity (an older dump: mean
// interactivity only) is judged on the axis it has: its bands, hole and
// competitor lead on mean interactivity, not "nothing to judge".
func TestAuditJudgesACurveWithoutP90OnMeanInteractivity(t *testing.T) {
	var rows []map[string]any
	gappy := []struct{ x, y float64 }{{20, 1000}, {30, 900}, {40, 800}, {50, 700}, {170, 300}, {200, 200}}
	for i, p := range gappy {
		for _, r := range []map[string]any{
			row("gb300", "dynamo-sglang", "dsr1", 4<<i, p.x, p.y, "2026-10-01", ""),
			row("gb300", "dynamo-trt", "dsr1", 4<<i, p.x, 1.5*p.y, "2026-10-01", ""),
		} {
			delete(r["metrics"].(map[string]any), "p90_intvty")
			rows = append(rows, r)
		}
	}
	data, err := json.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	ds := sources.LoadBytes("old.json", data, sources.Options{})
	a := audit.Run(audit.Request{Points: ds.Points, PlanTop: -1})
	if len(a.Rows) != 2 {
		t.Fatalf("%d rows, want 2", len(a.Rows))
	}
	r := a.Rows[0]
	if r.Curve.Framework != "dynamo-sglang" || r.XAxis != model.AxisMeanIntvty.Name || r.X() != model.AxisMeanIntvty {
		t.Fatalf("first row %s on %q; want dynamo-sglang judged on %s", r.Curve, r.XAxis, model.AxisMeanIntvty.Name)
	}
	// mean interactivity is 1.1 × the row's x: the hole lies 55 → 187
	if r.Points != 6 || r.P90Frontier != 6 || len(r.Holes) != 1 || !near(r.Holes[0].FromX, 55) || !near(r.Holes[0].ToX, 187) || len(r.EmptyBands) == 0 {
		t.Errorf("points %d, frontier %d, holes %+v, empty bands %v; want 6, 6, the 55→187 hole, empty bands", r.Points, r.P90Frontier, r.Holes, r.EmptyBands)
	}
	if l := r.Lead; l == nil || l.Rival.Framework != "dynamo-trt" || l.LeadPct < 49.9 || l.LeadPct > 50.1 || !near(l.X, 22) {
		t.Errorf("lead %+v; want dynamo-trt by 50 %% at mean interactivity 22", l)
	}
	reason := render.AuditReason(&r)
	if strings.Contains(reason, "nothing to judge") || !strings.Contains(reason, "dynamo-trt mtp leads by 50.0 %") {
		t.Errorf("reason %q", reason)
	}
	text := render.Audit(a, 0).Plain()
	for _, want := range []string{"judged on mean-intvty: no point has p90-intvty", "empty bands on mean-intvty", "leads by 50.0 % at mean-intvty 22"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	// a curve with p90 interactivity stays on it
	if b := rowOf(t, audit.Run(audit.Request{Points: fleet(t), PlanTop: -1}), "gb300", "dynamo-sglang"); b.XAxis != audit.AxisX.Name {
		t.Errorf("fleet's gappy curve on %q, want %s", b.XAxis, audit.AxisX.Name)
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9*math.Abs(b) }
