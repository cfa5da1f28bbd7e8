package planner

import "github.com/sweeptune/sweeptune/model"

// The disaggregated points of the demo's tables A and B, built with model only so
// the planner's tests do not depend on the sources package. Where a point was
// measured twice the steady-state 3600 s value is used: 3P c1228 from table A
// (published; the local B run is 1200 s and has no mean interactivity).
// 3P c700 only exists as a 1200 s run in A/B (throughput already projected).

func disagg(id string, np, bs, c int, balance string, y, mean, p90, dur float64) model.Point {
	p := model.Point{ID: id, Source: model.SourceLocal, Knobs: model.Knobs{
		Mode:     model.ModeDisagg,
		Prefill:  model.Role{Workers: np, GPUs: 2, TP: 2, EP: 2, DPAttn: true},
		Decode:   model.Role{Workers: 1, GPUs: 16, Nodes: 4, TP: 16, EP: 16, DPAttn: true},
		DecodeBS: bs, MaxRunningRequests: 16 * bs, Balance: balance, Concurrency: c,
	}, Prov: model.Provenance{DurationS: dur}}
	p.Metrics.Set(model.TputPerGPU, y)
	if mean > 0 {
		p.Metrics.Set(model.MeanIntvty, mean)
	}
	if p90 > 0 {
		p.Metrics.Set(model.P90Intvty, p90)
	}
	return p
}

const (
	idP3c1228 = "3p1d-dep2-dep16-b24-c1228"
	idP5      = "5p1d-dep2-dep16-b40-c2884"
	idP7      = "7p1d-dep2-dep16-b96-c5540"
	idP9b192  = "9p1d-dep2-dep16-b192-c7480"
	idP9b160  = "9p1d-dep2-dep16-b160-c7480"
	idP8      = "8p1d-dep2-dep16-c4096"
	idP3c700  = "3p1d-dep2-dep16-b18-c700"
)

func fitPoints() []model.Point {
	return []model.Point{
		disagg(idP3c1228, 3, 24, 1228, model.BalanceTotalTokens, 383313, 267.4, 283.3, 0),
		disagg(idP5, 5, 40, 2884, model.BalanceTotalTokens, 717972, 221.9, 233.2, 3600),
		disagg(idP9b192, 9, 192, 7480, model.BalanceTotalRequests, 1117063, 101.6, 97.4, 3600),
	}
}

func testPoints() []model.Point {
	return []model.Point{
		disagg(idP3c700, 3, 18, 700, model.BalanceTotalTokens, 222000, 290.2, 299.2, 1200),
		disagg(idP7, 7, 96, 5540, model.BalanceTotalTokens, 1033494, 150.7, 157.5, 3600),
		disagg(idP9b160, 9, 160, 7480, "", 1094347, 111.1, 0, 0),
		disagg(idP8, 8, 0, 4096, "", 803198, 191.4, 0, 0),
	}
}

func aggPoint() model.Point {
	p := model.Point{ID: "agg-tp4-c16", Knobs: model.Knobs{Mode: model.ModeAgg,
		Prefill: model.Role{Workers: 1, GPUs: 4, TP: 4}, Concurrency: 16}}
	p.Metrics.Set(model.TputPerGPU, 29428)
	p.Metrics.Set(model.MeanIntvty, 545)
	return p
}
