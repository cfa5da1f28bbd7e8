package model

import (
	"strings"
	"testing"
)

// tpuCurve is the shape of the InferenceX-app TPU manual sweep fixture: one
// row says tp 1 at c64 with 29,398.7 tok/s/GPU, its total equal (within 1%)
// to the TP8 c64 row's 8 × 3,705.8.
func tpuCurve() []Point {
	key := CurveKey{Model: "qwen3.5", Scenario: "8k1k", Hardware: "tpuv7", Framework: "vllm", Precision: "fp8"}
	mk := func(id string, tp, conc int, tput, intvty float64) Point {
		p := Point{ID: id, Curve: key, Source: SourcePublished}
		p.Knobs = Knobs{Mode: ModeAgg, Concurrency: conc, Prefill: Role{Workers: 1, GPUs: tp, TP: tp, EP: 1}}
		p.Metrics.Set(TputPerGPU, tput)
		p.Metrics.Set(MeanIntvty, intvty)
		return p
	}
	return []Point{
		mk("tp8-c4", 8, 4, 881.6125141259394, 60),
		mk("tp8-c8", 8, 8, 1443.9790119050506, 50),
		mk("tp8-c16", 8, 16, 2180.1187026656025, 40),
		mk("tp8-c32", 8, 32, 2900.8638876110117, 30),
		mk("tp1-c64", 1, 64, 29398.734613014203, 20),
		mk("tp8-c64", 8, 64, 3705.8131472623354, 20.5),
	}
}

func TestImplausibleTPURow(t *testing.T) {
	pts := tpuCurve()
	MarkImplausible(pts)
	for _, p := range pts {
		if got := p.Suspect(); got != (p.ID == "tp1-c64") {
			t.Errorf("%s suspect = %v (%+v)", p.ID, got, p.Suspicion)
		}
	}
	s := pts[4].Suspicion
	if s.Rule != RuleImplausible || !strings.Contains(s.Why, "29,399 tok/s/GPU on 1 GPU is 7.9×") ||
		!strings.Contains(s.Why, "equals the 8-GPU point's (29,647 tok/s)") {
		t.Errorf("reason = %q", s.Why)
	}
	// Out of the frontier by default: TP8 c64 is on it, not the TP1 row.
	front := Frontier(pts, AxisMeanIntvty, AxisTputPerGPU)
	for _, i := range front {
		if pts[i].ID == "tp1-c64" {
			t.Fatalf("suspect point on the frontier: %v", front)
		}
	}
	if len(HullVertices(pts, AxisMeanIntvty, AxisTputPerGPU)) == 0 {
		t.Fatal("no hull")
	}
	AdmitSuspect(pts, true)
	in := false
	for _, i := range Frontier(pts, AxisMeanIntvty, AxisTputPerGPU) {
		in = in || pts[i].ID == "tp1-c64"
	}
	if !in {
		t.Error("--include-suspect: the admitted point is not on the frontier")
	}
	if n, by := SuspectSummary(pts); n != 1 || len(by) != 1 || by[0] != (RuleCount{RuleImplausible, 1}) {
		t.Errorf("summary %d %v", n, by)
	}
}

func TestRunHealthJudge(t *testing.T) {
	cases := []struct {
		h    RunHealth
		rule string
	}{
		{RunHealth{Requests: 80, Failed: 0, OutputTokens: 0}, RuleZeroOutput},
		{RunHealth{Requests: 221, Failed: 83, OutputTokens: -1}, RuleErrors},
		{RunHealth{Requests: 144, Failed: 3, OutputTokens: -1}, ""}, // 2%: under the threshold
		{RunHealth{Requests: 0, Failed: -1, OutputTokens: -1}, RuleZeroOutput},
		{RunHealth{Requests: -1, Failed: -1, OutputTokens: -1, NotConverged: true}, RuleNotConverged},
		{UnknownHealth(), ""},
	}
	for _, c := range cases {
		var p Point
		c.h.Judge(&p)
		if p.SuspectRule() != c.rule {
			t.Errorf("%+v: rule %q, want %q (%+v)", c.h, p.SuspectRule(), c.rule, p.Suspicion)
		}
	}
	var p Point
	RunHealth{Requests: 221, Failed: 83, OutputTokens: -1}.Judge(&p)
	if p.Suspicion.Why != "83 of 221 requests failed (38%, more than 5%)" {
		t.Errorf("why = %q", p.Suspicion.Why)
	}
}
