package model

import (
	"math/rand/v2"
	"testing"
)

// curveNumbers numbers keys as a map in order of first appearance would,
// with the table (keys colliding in it) and without.
func TestCurveNumbersAsMap(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	vals := []string{"", "gb200", "gb300", "b200", "x", "xx", "é", "gb2000"}
	for _, n := range []int{10, 1 << 12} {
		c := newCurveNumbers(n)
		want := map[CurveKey]int32{}
		for range 20000 {
			v := func() string { return vals[r.IntN(len(vals))] }
			k := CurveKey{v(), v(), v(), v(), v(), v()}
			w, ok := want[k]
			if !ok {
				w = int32(len(want))
				want[k] = w
			}
			if got := c.of(&k); got != w {
				t.Fatalf("%v: %d, want %d", k, got, w)
			}
			if c.keys[w] != k {
				t.Fatalf("keys[%d] = %v, want %v", w, c.keys[w], k)
			}
		}
	}
}
