package model

import (
	"math/rand/v2"
	"testing"
)

// numberCurves, two halves at once, numbers points' curves as a map in
// order of first appearance would, whether equal keys share their
// strings or are made of copies (new bytes elsewhere); its table alone
// is intern's TestKeysNumberAsMap.
func TestCurveNumbersAsMap(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	vals := []string{"", "gb200", "gb300", "b200", "x", "xx", "é", "gb2000"}
	for _, copies := range []bool{false, true} {
		want := map[CurveKey]int32{}
		var points []Point
		var wants []int32
		for range parallelNumberMin + 5000 { // numberCurves numbers two halves at once
			v := func() string {
				s := vals[r.IntN(len(vals))]
				if copies && r.IntN(2) == 0 {
					s = string([]byte(s)) // equal, not the same bytes
				}
				return s
			}
			k := CurveKey{v(), v(), v(), v(), v(), v()}
			w, ok := want[k]
			if !ok {
				w = int32(len(want))
				want[k] = w
			}
			points = append(points, Point{Curve: k})
			wants = append(wants, w)
		}
		of, nums := numberCurves(points)
		for i := range of {
			if of[i] != wants[i] {
				t.Fatalf("numberCurves: point %d is %d, want %d", i, of[i], wants[i])
			}
		}
		for k, n := range want {
			if nums.Keys()[n] != k {
				t.Fatalf("numberCurves: keys[%d] = %v, want %v", n, nums.Keys()[n], k)
			}
		}
		if len(nums.Keys()) != len(want) {
			t.Fatalf("numberCurves: %d keys, want %d", len(nums.Keys()), len(want))
		}
	}
}
