package workbench

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// mergeCoords is every part's coordinates in index order, with the places
// of the raw short runs among them, whether the parts follow one another
// (joined in the first part's room, or in a new array when it has none)
// or interleave (the copies among the halves), some of them empty.
func TestMergeCoordsIsTheCoordinatesInIndexOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for trial := range 400 {
		n := rng.IntN(60)
		var parts [3]coordsPart
		cut := rng.IntN(n + 1)
		interleave := trial%3 == 0
		for i := range n {
			if rng.IntN(5) == 0 {
				continue // no coordinates
			}
			j := 0
			if i >= cut {
				j = 1
			}
			if interleave && rng.IntN(4) == 0 {
				j = 2
			}
			parts[j].c = append(parts[j].c, model.XYPoint{X: float64(i), Y: float64(trial), Index: i})
			parts[j].raw = append(parts[j].raw, rng.IntN(3) == 0)
		}
		switch trial % 4 {
		case 0: // room for every part in the first
			room := newCoordsPart(n)
			room.c, room.raw = append(room.c, parts[0].c...), append(room.raw, parts[0].raw...)
			parts[0] = room
		case 1: // the halves in one array, each from its first index on (viewFrom)
			room := coordsPart{c: make([]model.XYPoint, n), raw: make([]bool, n)}
			for j, at := range [2]int{0, cut} {
				part := coordsPart{c: room.c[at:at], raw: room.raw[at:at]}
				part.c, part.raw = append(part.c, parts[j].c...), append(part.raw, parts[j].raw...)
				parts[j] = part
			}
		}
		var want []model.XYPoint
		var wantShort []int
		all := slices.Concat(parts[0].c, parts[1].c, parts[2].c)
		raw := slices.Concat(parts[0].raw, parts[1].raw, parts[2].raw)
		order := make([]int, len(all))
		for k := range order {
			order[k] = k
		}
		slices.SortFunc(order, func(a, b int) int { return all[a].Index - all[b].Index })
		for _, k := range order {
			if raw[k] {
				wantShort = append(wantShort, len(want))
			}
			want = append(want, all[k])
		}
		got, short := mergeCoords(parts[:]...)
		if len(want) == 0 {
			want = nil
		}
		if len(got) == 0 {
			got = nil
		}
		if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(short, wantShort) {
			t.Fatalf("trial %d: got %v short %v, want %v short %v", trial, got, short, want, wantShort)
		}
	}
}
