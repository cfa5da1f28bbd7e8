package cli

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/sources/synth"
)

// compareRunsByCopies is what compare read of every run when it copied the
// shown points: the selector resolved against the copies, and each compared
// curve's noise from copies of its own runs in load order.
func compareRunsByCopies(all []model.Point, idx []int, other, asOf string, pct float64) compareRuns {
	shown := make([]model.Point, len(idx))
	for k, i := range idx {
		shown[k] = all[i]
	}
	sel, ok := model.ParseSelector(other, shown)
	if !ok {
		return compareRuns{}
	}
	noise := map[model.CurveKey]model.Noise{}
	for _, c := range model.Compare(shown, sel, model.AxisP90Intvty, model.AxisTputPerGPU) {
		var own []model.Point
		for i := range all {
			if all[i].Curve == c.Curve && !sel(&all[i]) {
				own = append(own, all[i])
			}
		}
		noise[c.Curve] = model.NoiseAsOf(own, asOf).WithDefault(pct)
	}
	return compareRuns{sel: sel, noise: noise}
}

// Rows of 12 curves with re-runs and twins, interleaved, two spellings of
// one framework (the selector takes the first shown), dates before and
// after --as-of: the runs read where they lie, the selector resolved from
// each curve's first shown point, give what the copies gave, with the
// load's curve numbering or without it.
func TestReadCompareRunsIsTheReadingByCopies(t *testing.T) {
	data := synth.Rows(20000, 12)
	data = bytes.Replace(data, []byte(`"framework": "sglang"`), []byte(`"framework": "SGLang"`), 2000)
	for _, asOf := range []string{"", "2026-11-14"} {
		for _, all := range []bool{false, true} {
			ds := sources.LoadBytes("rows.json", data, sources.Options{PrepareLatest: true, LatestAsOf: asOf, LatestAllDates: all})
			idx, numbered, ok := ds.PreparedLatest(asOf)
			if all {
				idx, numbered, ok = ds.PreparedDated(asOf)
			}
			if !ok || len(idx) == 0 || len(idx) == len(ds.Points) && !all {
				t.Fatalf("as of %q, all dates %v: the load prepared %d of %d points (%v)", asOf, all, len(idx), len(ds.Points), ok)
			}
			for _, other := range []string{"sglang", "SGLang", "framework:SGLANG", "dynamo-vllm", "local", "competitor", "nosuch",
				"dsv41flash,unknown scenario,gb300,sglang,fp4,mtp", "dsv41flash, unknown scenario, b200, SGLANG, fp4"} {
				want := compareRunsByCopies(ds.Points, idx, other, asOf, 2.5)
				for _, num := range []*model.CurveNumbering{numbered, nil} {
					got := readCompareRuns(ds.Points, idx, num, other, asOf, 2.5)
					if (got.sel == nil) != (want.sel == nil) {
						t.Fatalf("%q as of %q: selector resolved %v, by copies %v", other, asOf, got.sel != nil, want.sel != nil)
					}
					if got.sel == nil {
						continue
					}
					took := 0
					for i := range ds.Points {
						p := &ds.Points[i]
						if got.sel(p) != want.sel(p) {
							t.Fatalf("%q as of %q: point %s taken %v, by copies %v", other, asOf, p.ID, got.sel(p), want.sel(p))
						}
						if got.sel(p) {
							took++
						}
					}
					if !reflect.DeepEqual(got.noise, want.noise) {
						t.Errorf("%q as of %q, all dates %v: noise of %d curves differs from the copies' (%d)", other, asOf, all, len(got.noise), len(want.noise))
					}
					known := 0
					for _, n := range got.noise {
						if n.Known() {
							known++
						}
					}
					if other == "sglang" && (took == 0 || len(got.noise) < 12 || known < 12) {
						t.Errorf("%q: took %d points, %d curves compared, %d with pairs: the rows do not test the reading", other, took, len(got.noise), known)
					}
				}
			}
		}
	}
}
