package sources

import (
	"os"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/srt"
)

func readFixture(t *testing.T, rel string) []byte {
	t.Helper()
	data, err := os.ReadFile(fixture(rel))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

const aiperfFixture = "aiperf/c16/profile_export_aiperf.json"

func TestAIPerfWithGPUsFlag(t *testing.T) {
	ds := LoadBytes("run/c16/profile_export_aiperf.json", readFixture(t, aiperfFixture), Options{GPUs: 4})
	p := cleanPoint(t, ds, "aiperf-c16")
	metricsAre(t, p, map[model.Metric]float64{
		model.TputPerGPU: 29428, model.OutputTputPerGPU: 428, model.InputTputPerGPU: 29000,
		model.MeanIntvty: 545.0, model.P90Intvty: 500, model.MeanTTFT: 0.150,
		model.P75E2EL: 2.76, model.P90E2EL: 5.17,
	})
	if p.GPUs() != 4 || p.Knobs.Concurrency != 16 || p.Prov.Date != "2026-10-30" || p.Prov.DurationS != 1200 ||
		p.Curve.Model != "deepseek-ai/DeepSeek-V4.1-Flash" {
		t.Errorf("point %+v", p)
	}
}

func TestAIPerfWithoutGPUsKeepsPointAndWarns(t *testing.T) {
	ds := LoadBytes("run/c16/profile_export_aiperf.json", readFixture(t, aiperfFixture), Options{})
	if len(ds.Points) != 1 || len(ds.Warnings) != 1 {
		t.Fatalf("%d points, warnings %v", len(ds.Points), ds.Warnings)
	}
	if w := ds.Warnings[0].String(); !strings.Contains(w, "profile_export_aiperf.json") || !strings.Contains(w, "per-GPU throughput unknown") {
		t.Errorf("warning %q", w)
	}
	p := &ds.Points[0]
	if p.Metrics.Has(model.TputPerGPU) || p.Metrics.Has(model.OutputTputPerGPU) {
		t.Error("per-GPU throughput invented without a GPU count")
	}
	metricIs(t, p, model.MeanIntvty, 545.0)
}

func TestAIPerfTakesRecipeVariant(t *testing.T) {
	ds := &Dataset{Variants: []srt.Variant{
		{File: "elsewhere/recipe.yaml", Knobs: model.Knobs{Mode: model.ModeAgg, Concurrency: 16,
			Prefill: model.Role{Workers: 1, GPUs: 8, TP: 8}}},
		{File: "run/recipe.yaml", Image: "img:1", Knobs: model.Knobs{Mode: model.ModeAgg, Concurrency: 16, DecodeBS: 64,
			Prefill: model.Role{Workers: 1, GPUs: 4, TP: 4}}},
		{File: "run/recipe.yaml", Knobs: model.Knobs{Mode: model.ModeAgg, Concurrency: 32,
			Prefill: model.Role{Workers: 1, GPUs: 2, TP: 2}}},
	}}
	loadFile("run/c16/profile_export_aiperf.json", readFixture(t, aiperfFixture), Options{GPUs: 99}, ds)
	finish(ds, Options{GPUs: 99})
	noWarnings(t, ds)
	// The recipe nearest the result wins, and its GPUs beat --gpus.
	p := findPoint(t, ds, "agg-tp4-b64-c16")
	metricIs(t, p, model.TputPerGPU, 29428)
	if p.Prov.Image != "img:1" || p.Label != "" {
		t.Errorf("image %q label %q", p.Prov.Image, p.Label)
	}
}

func TestAIPerfAmbiguousVariants(t *testing.T) {
	ds := &Dataset{Variants: []srt.Variant{
		{File: "r/a.yaml", Knobs: model.Knobs{Mode: model.ModeAgg, Concurrency: 16, Prefill: model.Role{Workers: 1, GPUs: 8, TP: 8}}},
		{File: "r/b.yaml", Knobs: model.Knobs{Mode: model.ModeAgg, Concurrency: 16, Prefill: model.Role{Workers: 1, GPUs: 4, TP: 4}}},
	}}
	loadFile("x/c16/profile_export_aiperf.json", readFixture(t, aiperfFixture), Options{}, ds)
	finish(ds, Options{})
	// One warning naming the variants, never a second one denying they exist.
	if len(ds.Points) != 1 || len(ds.Warnings) != 1 {
		t.Fatalf("points %d warnings %v", len(ds.Points), ds.Warnings)
	}
	if w := ds.Warnings[0].Msg; !strings.Contains(w, "several recipe variants of different shapes (a.yaml, b.yaml)") ||
		!strings.Contains(w, "per-GPU throughput unknown") || strings.Contains(w, "no recipe variant") {
		t.Errorf("warning %q", w)
	}
}

func TestAIPerfBadInput(t *testing.T) {
	good := string(readFixture(t, aiperfFixture))
	for name, tc := range map[string]struct{ data, field string }{
		"string concurrency": {strings.Replace(good, `"concurrency": 16`, `"concurrency": "16"`, 1), "input_config.loadgen.concurrency"},
		"no concurrency":     {strings.Replace(good, `"concurrency": 16`, `"other": 16`, 1), "input_config.loadgen.concurrency"},
		"NaN latency":        {strings.Replace(good, `"p90": 5170.0`, `"p90": NaN`, 1), "request_latency.p90"},
		"truncated":          {good[:len(good)/2], ""},
	} {
		t.Run(name, func(t *testing.T) {
			ds := LoadBytes("a/profile_export_aiperf.json", []byte(tc.data), Options{GPUs: 4})
			if len(ds.Points) != 0 || len(ds.Warnings) != 1 || ds.Warnings[0].Field != tc.field {
				t.Fatalf("points %d warnings %v", len(ds.Points), ds.Warnings)
			}
		})
	}
}

func TestPointsCSVFixture(t *testing.T) {
	ds := LoadPaths([]string{fixture("points.csv")}, Options{})
	noWarnings(t, ds)
	if len(ds.Points) != 4 {
		t.Fatalf("%d points, want 4", len(ds.Points))
	}
	p := findPoint(t, ds, "7p1d-dep2-dep16-b96-c5540")
	metricsAre(t, p, map[model.Metric]float64{
		model.TputPerGPU: 1033494, model.P90Intvty: 157.5, model.E2ENormP90: 23.5,
	})
	k := p.Knobs
	if p.GPUs() != 30 || k.MaxRunningRequests != 1536 || k.DecodeExtraSlots != 256 || k.Balance != model.BalanceTotalTokens ||
		p.Prov.DurationS != 3600 || p.Curve.Framework != "dynamo-sglang" || k.DecodeRanks() != 16 {
		t.Errorf("7P %+v", p)
	}
	// "717,972" as pasted from a PR is a number.
	metricIs(t, findPoint(t, ds, "5p1d-dep2-dep16-b40-c2884"), model.TputPerGPU, 717972)
	v := findPoint(t, ds, "vllm-75-5")
	if v.Source != model.SourceCompetitor || v.Metrics.Has(model.MeanIntvty) {
		t.Errorf("competitor %+v", v)
	}
	metricIs(t, v, model.P90Intvty, 75.5)
}

func TestPointsCSVBadRows(t *testing.T) {
	csv := "label,mode,prefill-workers,prefill-gpus,decode-workers,decode-gpus,concurrency,tput-per-gpu,p90-intvty,colour\n" +
		",agg,1,4,,,16,29428,,red\n" + // good (unknown column ignored with one warning)
		",agg,1,4,,,abc,100,,\n" + // line 3: concurrency not a number
		",agg,1,-4,,,8,100,,\n" + // line 4: negative GPUs
		",agg,1,4,,,4,NaN,,\n" + // line 5: NaN metric
		",sideways,1,4,,,4,1,,\n" + // line 6: bad mode
		",disagg,3,2,1,16,700,226225,299.2,\n" // good
	ds := LoadBytes("t.csv", []byte(csv), Options{})
	if len(ds.Points) != 2 {
		t.Fatalf("%d points, want 2; warnings %v", len(ds.Points), ds.Warnings)
	}
	want := []string{
		"t.csv: line 1, column 10: unknown column",
		"t.csv: line 3, column 7 (concurrency): \"abc\" is not a whole number",
		"t.csv: line 4, column 4 (prefill-gpus): negative",
		"t.csv: line 5, column 8 (tput-per-gpu): NaN is not a finite number",
		"t.csv: line 6, column 2 (mode):",
	}
	if len(ds.Warnings) != len(want) {
		t.Fatalf("warnings %v", ds.Warnings)
	}
	for i, w := range want {
		if !strings.HasPrefix(ds.Warnings[i].String(), w) {
			t.Errorf("warning %d = %q, want prefix %q", i, ds.Warnings[i], w)
		}
	}
	metricIs(t, findPoint(t, ds, "3p1d-tp2-tp16-c700"), model.P90Intvty, 299.2)
}

// Bad values of one CSV line are named in column order, the same on every
// load (the columns were a map, so the order was random).
func TestAIPerfCSVBadValuesInColumnOrder(t *testing.T) {
	data := []byte("Metric,avg,p50,p90,p99\nInter Token Latency (ms),x,20,y,z\n")
	want := []string{`line 2: Inter Token Latency (ms) "x"`, `line 2: Inter Token Latency (ms) "y"`, `line 2: Inter Token Latency (ms) "z"`}
	for range 20 {
		ds := LoadBytes("run/concurrency8/profile_export_aiperf.csv", data, Options{GPUs: 1})
		var got []string
		for _, w := range ds.Warnings {
			if strings.Contains(w.Msg, "not a non-negative number") {
				got = append(got, w.Field+" "+strings.Fields(w.Msg)[0])
			}
		}
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Fatalf("warnings %q, want %q", got, want)
		}
	}
}
