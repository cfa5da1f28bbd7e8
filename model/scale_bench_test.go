package model_test

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// rowPoints builds n points in the shape the API rows of the speed
// reference load to (sources/synth.RowFiles): about curves curves varying
// hardware, framework, precision and model, prefill workers 1–12, nine
// concurrencies spread by i%97, 28 run dates, one run URL each.
func rowPoints(n, curves int) []model.Point {
	hws := []string{"gb300", "gb200", "b200", "h200", "mi355x", "mi325x", "mi300x", "h100", "b300", "gb100"}
	fws := []string{"dynamo-sglang", "dynamo-vllm", "sglang", "vllm", "trt", "dynamo-trt", "sglang-disagg", "atom"}
	precs := []string{"fp4", "fp8", "bf16", "int4"}
	models := []string{"dsv41flash"}
	for len(models)*len(hws)*len(fws)*len(precs) < curves {
		models = append(models, "model"+strconv.Itoa(len(models)))
	}
	dates := make([]string, 28)
	for d := range dates {
		dates[d] = "2026-11-" + strconv.Itoa(101 + d)[1:]
	}
	concs := []int{4, 16, 64, 256, 700, 1228, 2884, 5540, 7480}
	r := rand.New(rand.NewPCG(7, 7))
	out := make([]model.Point, n)
	for i := range out {
		c := r.IntN(curves)
		np := 1 + r.IntN(12)
		p := &out[i]
		p.Source = model.SourcePublished
		p.Curve = model.CurveKey{Model: models[c/(len(hws)*len(fws)*len(precs))%len(models)], Scenario: "8k1k",
			Hardware: hws[c%len(hws)], Framework: fws[c/len(hws)%len(fws)], Precision: precs[c/(len(hws)*len(fws))%len(precs)], Spec: "mtp"}
		p.Knobs = model.Knobs{Mode: model.ModeDisagg, SpecDecoding: "mtp",
			Prefill:     model.Role{Workers: np, GPUs: 2, TP: 2, EP: 2, DPAttn: true},
			Decode:      model.Role{Workers: 1, GPUs: 16, TP: 16, EP: 16, DPAttn: true},
			Concurrency: concs[r.IntN(len(concs))] + i%97}
		p.Metrics.Set(model.TputPerGPU, 1e3+r.Float64()*1.2e6)
		p.Metrics.Set(model.MeanIntvty, 20+r.Float64()*580)
		p.Metrics.Set(model.MedianIntvty, 20+r.Float64()*580)
		p.Metrics.Set(model.P90Intvty, 20+r.Float64()*580)
		p.Metrics.Set(model.P90E2EL, 1+r.Float64()*59)
		p.Metrics.Set(model.P75E2EL, 1+r.Float64()*39)
		p.Metrics.Set(model.MeanTTFT, 0.1+r.Float64()*8.9)
		p.Prov = model.Provenance{File: "rows.json", Date: dates[i%28], RunURL: "https://example.invalid/r/" + strconv.Itoa(i), Image: "img"}
	}
	return out
}

// BenchmarkScale times the load's and the report's passes over a million
// points of about 1,000 curves, one pass a sub-benchmark, each on a fresh
// copy of the points (the copy is not timed).
func BenchmarkScale(b *testing.B) {
	base := rowPoints(1_000_000, 1000)
	work := make([]model.Point, len(base))
	pass := func(name string, f func([]model.Point)) {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				copy(work, base)
				b.StartTimer()
				f(work)
			}
		})
	}
	pass("NumberCurves", func(p []model.Point) { model.NumberCurves(p) })
	pass("ResolveSpecs", model.ResolveSpecs)
	pass("CompleteCurves", func(p []model.Point) { model.CompleteCurves(p) })
	pass("MarkImplausible", model.MarkImplausible)
	pass("AssignIDs", func(p []model.Point) { model.AssignIDsNumbered(p, model.NumberCurves(p)) })
	pass("KeepLatest", func(p []model.Point) { model.KeepLatest(p, "") })
	pass("GroupCurvesInPlace", func(p []model.Point) { model.GroupCurvesInPlace(p) })
	latest := model.LatestIndex(base, "2026-11-20")
	pass("GroupKeptInPlace", func(p []model.Point) { model.GroupKeptInPlace(p, latest) })
}
