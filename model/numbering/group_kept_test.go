package numbering

import (
	"math/rand/v2"
	"reflect"
	"strconv"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// GroupKeptInPlace gives what model.KeepIndex then model.GroupCurves give (so does
// model.GroupCurvesInPlace), and order says where each kept point went (the
// moves on two cores are internal/permute's TestAlongIsTheGathering).
func TestGroupKeptIsKeepThenGroup(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	hws := []string{"b200", "gb200", "h200", "mi355x", ""}
	for trial := range 1000 {
		n := r.IntN(200)
		points := make([]model.Point, n)
		for i := range points {
			points[i].ID = "p" + strconv.Itoa(i)
			points[i].Curve = model.CurveKey{Model: "m", Hardware: hws[r.IntN(1+trial%len(hws))], Framework: []string{"sglang", "vllm"}[r.IntN(2)]}
		}
		var idx []int
		keep := r.Float64()
		for i := range points {
			if r.Float64() < keep {
				idx = append(idx, i)
			}
		}
		want := append([]model.Point(nil), points...)
		wantCurves := model.GroupCurves(model.KeepIndex(want, idx)) // into a new array: no move shared with what is tested
		if inPlace := model.GroupCurvesInPlace(model.KeepIndex(append([]model.Point(nil), points...), idx)); !reflect.DeepEqual(inPlace, wantCurves) {
			t.Fatalf("trial %d: model.GroupCurvesInPlace differs from model.GroupCurves", trial)
		}
		loaded := append([]model.Point(nil), points...)
		kept, curves, order := GroupKeptInPlace(points, idx, nil)
		if len(kept) != len(idx) || !reflect.DeepEqual(curves, wantCurves) {
			t.Fatalf("trial %d (%d points, %d kept): curves differ:\n%v\nwant\n%v", trial, n, len(idx), curves, wantCurves)
		}
		for k, i := range idx {
			if kept[order[k]].ID != loaded[i].ID {
				t.Fatalf("trial %d: kept point %d (%s) is at %d, which holds %s", trial, k, loaded[i].ID, order[k], kept[order[k]].ID)
			}
		}
	}
}
