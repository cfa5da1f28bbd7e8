package cli

import (
	"bytes"
	"os"
	"reflect"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/sources/synth"
)

// A review of the shown points it reads (view.copiedFor) is the review of
// the whole view, and its notes are the whole view's: every date rule,
// suspect points in or out, short runs projected or not, one ID, two on a
// curve, a kept set, competitors on the curve's base. An ID the view does
// not show, or derived metrics, copy the whole view instead.
func TestReviewOfItsPointsIsTheWholeView(t *testing.T) {
	csv, err := os.ReadFile("../testdata/results/points.csv")
	if err != nil {
		t.Fatal(err)
	}
	files := []struct {
		name string
		data []byte
	}{{"rows.json", synth.Rows(3000, 12)}, {"points.csv", csv},
		// the competitor on a curve of its own, on the local curve's base
		{"rival.csv", bytes.Replace(csv, []byte("competitor,,deepseek-ai/DeepSeek-V4.1-Flash,gb300,dynamo-sglang"), []byte("competitor,,deepseek-ai/DeepSeek-V4.1-Flash,gb300,vllm"), 1)}}
	checked, rivals := 0, 0
	for _, f := range files {
		for _, asOf := range []string{"", "2026-11-14"} {
			for _, all := range []bool{false, true} {
				ds := sources.LoadBytes(f.name, f.data, sources.Options{PrepareLatest: true, LatestAsOf: asOf, LatestAllDates: all})
				for _, include := range []bool{false, true} {
					v := view{asOf: asOf, allDates: all, includeSuspect: include, y: model.AxisTputPerGPU}
					whole, _ := v.copied(ds)
					for k := 0; k < len(whole); k += 1 + len(whole)/40 {
						for _, ids := range [][]string{{whole[k].ID}, {whole[k].ID, whole[(k+7)%len(whole)].ID}} {
							for _, keep := range [][]string{nil, {whole[(k+3)%len(whole)].ID}} {
								read, suspects, _, ok := v.copiedFor(ds, append(append([]string(nil), ids...), keep...))
								if !ok {
									t.Fatalf("%s: %v not copied apart", f.name, ids)
								}
								if got, want := v.notes(suspects, nil), v.notes(whole, nil); !reflect.DeepEqual(got, want) {
									t.Fatalf("%s %v: notes %q, the whole view's %q", f.name, ids, got, want)
								}
								for _, project := range []bool{false, true} {
									req := model.ReviewRequest{Remove: ids, Keep: keep, X: model.AxisMeanIntvty, Y: v.y, AsOf: asOf, ProjectRuns: project, Runs: ds.Points}
									req.Points = whole
									want, wantErr := model.Review(req)
									req.Points = read
									got, gotErr := model.Review(req)
									if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(gotErr, wantErr) {
										t.Fatalf("%s as of %q, all %v, suspect %v: review of %v keeping %v differs from the whole view's (%v, %v)", f.name, asOf, all, include, ids, keep, gotErr, wantErr)
									}
									if wantErr == nil {
										left := model.ViewLeftOut(ds.Points, read, want.Curve, ids, asOf)
										if !reflect.DeepEqual(left, model.ViewLeftOut(ds.Points, whole, want.Curve, ids, asOf)) {
											t.Fatalf("%s: %v: what the view left out differs", f.name, ids)
										}
										checked++
										rivals += want.Rivals
									}
								}
							}
						}
					}
					if _, _, _, ok := v.copiedFor(ds, []string{whole[0].ID, "no such point"}); ok {
						t.Fatalf("%s: an ID the view does not show was copied apart", f.name)
					}
					v.derive = true
					if _, _, _, ok := v.copiedFor(ds, []string{whole[0].ID}); ok {
						t.Fatalf("%s: derived metrics were copied apart", f.name)
					}
				}
			}
		}
	}
	if checked < 100 || rivals == 0 {
		t.Fatalf("%d reviews compared, %d rivals among them: the test checks too little", checked, rivals)
	}
}
