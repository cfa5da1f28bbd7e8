package model

import "testing"

func dep(workers, n int) Role {
	return Role{Workers: workers, GPUs: n, TP: n, EP: n, DPAttn: true}
}

func TestParallelismLabels(t *testing.T) {
	cases := []struct {
		r    Role
		want string
	}{
		{Role{TP: 2, EP: 2, DPAttn: true}, "dep2"},
		{Role{TP: 16, EP: 16, DPAttn: true}, "dep16"},
		{Role{TP: 2, EP: 2}, "tep2"},
		{Role{TP: 4, EP: 1}, "tp4"},
		{Role{TP: 4}, "tp4"},
		{Role{TP: 8, EP: 4}, "tp8ep4"},
		{Role{TP: 8, EP: 4, DPAttn: true}, "tp8ep4"},
		{Role{GPUs: 4}, "tp4"},
	}
	for _, c := range cases {
		if got := c.r.Parallelism(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.r, got, c.want)
		}
	}
}

func TestIDsShapesAndGPUs(t *testing.T) {
	seven := Knobs{Mode: ModeDisagg, Prefill: dep(7, 2), Decode: dep(1, 16), DecodeBS: 96, Concurrency: 5540}
	if got := seven.BaseID(); got != "7p1d-dep2-dep16-b96-c5540" {
		t.Errorf("ID %q", got)
	}
	if got := OverrideName(seven.BaseID()); got != "override_7p1d_dep2_dep16_b96_c5540" {
		t.Errorf("override %q", got)
	}
	if seven.GPUs() != 30 || seven.DecodeRanks() != 16 {
		t.Errorf("GPUs %d ranks %d", seven.GPUs(), seven.DecodeRanks())
	}
	three := Knobs{Mode: ModeDisagg, Prefill: dep(3, 2), Decode: dep(1, 16), Concurrency: 1228}
	if three.BaseID() != "3p1d-dep2-dep16-c1228" || three.GPUs() != 22 {
		t.Errorf("BS unknown: %q, %d GPUs", three.BaseID(), three.GPUs())
	}
	agg := Knobs{Mode: ModeAgg, Prefill: Role{Workers: 1, GPUs: 4, TP: 4, EP: 1}, Concurrency: 16}
	if agg.BaseID() != "agg-tp4-c16" || agg.GPUs() != 4 || agg.ShortLabel() != "agg TP4 c16" {
		t.Errorf("agg: %q %d %q", agg.BaseID(), agg.GPUs(), agg.ShortLabel())
	}
	if seven.ShortLabel() != "7P BS96 c5540" {
		t.Errorf("label %q", seven.ShortLabel())
	}
}

func TestAssignIDsDeduplicates(t *testing.T) {
	k := Knobs{Mode: ModeAgg, Prefill: Role{Workers: 1, GPUs: 4, TP: 4}, Concurrency: 16}
	pts := []Point{{Knobs: k, Source: SourcePublished}, {Knobs: k, Source: SourceLocal},
		{Knobs: k, Source: SourcePublished}, {Knobs: k, Source: SourcePublished}, {Label: "vLLM p90 75.5"}}
	AssignIDs(pts)
	want := []string{"agg-tp4-c16", "agg-tp4-c16@local", "agg-tp4-c16@published", "agg-tp4-c16@published-2", "vllm-p90-75-5"}
	for i, w := range want {
		if pts[i].ID != w {
			t.Errorf("point %d: %q, want %q", i, pts[i].ID, w)
		}
	}
}

func TestMetricsAbsentNeverZero(t *testing.T) {
	var m Metrics
	if _, ok := m.Get(MeanIntvty); ok {
		t.Fatal("fresh metrics report a value")
	}
	if m.Set(MeanIntvty, nan()) {
		t.Error("NaN accepted")
	}
	m.Set(P90E2EL, 0)
	if v, ok := m.Get(P90E2EL); !ok || v != 0 {
		t.Error("a real zero must be kept as present")
	}
	m.Clear(P90E2EL)
	if m.Has(P90E2EL) || len(m.Present()) != 0 {
		t.Error("clear failed")
	}
	for _, met := range AllMetrics() {
		if back, ok := ParseMetric(met.Name()); !ok || back != met {
			t.Errorf("metric %v does not round-trip its name", met)
		}
	}
}

func TestAxes(t *testing.T) {
	a, err := ParseXAxis("p90-e2el")
	if err != nil || a.HigherBetter || !a.Better(5, 6) {
		t.Errorf("p90-e2el: %+v %v", a, err)
	}
	if _, err := ParseXAxis("tput-per-gpu"); err == nil {
		t.Error("throughput accepted as x axis")
	}
	if len(XAxes) != 12 {
		t.Errorf("%d x axes", len(XAxes))
	}
	// The dashboard's p99 and TTFT views: p99 interactivity higher is
	// better, latencies lower.
	for name, higher := range map[string]bool{"p99-intvty": true, "p99-e2el": false, "median-ttft": false, "p99-ttft": false} {
		if a, err := ParseXAxis(name); err != nil || a.HigherBetter != higher {
			t.Errorf("%s: %+v %v", name, a, err)
		}
	}
}

func nan() float64 { var z float64; return z / z }

// A run repeated many times counts on per stem: -2, -3, -4, and a second
// stem (another source) starts its own count.
func TestAssignIDsCountsPerStem(t *testing.T) {
	k := Knobs{Mode: ModeAgg, Prefill: Role{Workers: 1, GPUs: 4, TP: 4}, Concurrency: 16}
	var pts []Point
	for _, s := range []Source{SourcePublished, SourcePublished, SourcePublished, SourceLocal, SourcePublished, SourceLocal, SourceLocal} {
		pts = append(pts, Point{Knobs: k, Source: s})
	}
	AssignIDs(pts)
	want := []string{"agg-tp4-c16", "agg-tp4-c16@published", "agg-tp4-c16@published-2", "agg-tp4-c16@local",
		"agg-tp4-c16@published-3", "agg-tp4-c16@local-2", "agg-tp4-c16@local-3"}
	for i, w := range want {
		if pts[i].ID != w {
			t.Errorf("point %d: %q, want %q", i, pts[i].ID, w)
		}
	}
}
