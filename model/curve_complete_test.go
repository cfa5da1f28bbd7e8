package model

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// pairwiseExtension is joinIncomplete as first written: each incomplete
// key compared with every key of its model.
func pairwiseExtension(keys []CurveKey) []int32 {
	extends := func(c, f [6]string) bool {
		more := false
		for i := range f {
			switch {
			case f[i] != "" && c[i] != f[i]:
				return false
			case f[i] == "" && c[i] != "":
				more = true
			}
		}
		return more
	}
	to := make([]int32, len(keys))
	for ki, k := range keys {
		to[ki] = -1
		f := k.Fields()
		if f[0] == "" || !slices.Contains(f[:], "") {
			continue
		}
		match, n := -1, 0
		for ci, c := range keys {
			if c.Model == k.Model && c != k && extends(c.Fields(), f) {
				match, n = ci, n+1
			}
		}
		if n == 1 {
			to[ki] = int32(match)
		}
	}
	return to
}

// joinIncomplete finds the keys pairwiseExtension finds, on keys where
// one, several or no curve extends a key and fields are given in every
// pattern.
func TestJoinIncompleteIsPairwise(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 6))
	vals := [6][]string{{"", "m1", "m2"}, {"", "chat"}, {"", "gb300", "b200"}, {"", "sglang"}, {"", "fp4", "fp8"}, {"", "mtp"}}
	for trial := range 200 {
		seen := map[CurveKey]bool{}
		var keys []CurveKey
		for range 1 + r.IntN(40) {
			var f [6]string
			for i := range f {
				f[i] = vals[i][r.IntN(len(vals[i]))]
			}
			k := CurveKey{f[0], f[1], f[2], f[3], f[4], f[5]}
			if !seen[k] {
				seen[k] = true
				keys = append(keys, k)
			}
		}
		want := pairwiseExtension(keys)
		got, joined := joinIncomplete(keys)
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: keys %v\njoined %v, want %v", trial, keys, got, want)
		}
		if n := len(want) - count(want, -1); joined != n {
			t.Fatalf("trial %d: %d joined, want %d", trial, joined, n)
		}
	}
}

func count(s []int32, v int32) int {
	n := 0
	for _, x := range s {
		if x == v {
			n++
		}
	}
	return n
}

// Many curves of one model, each missing a field, no longer cost
// curves²: 100,000 keys of one model (10^10 comparisons pairwise) finish
// in well under the time the pairwise form took for 10,000.
func TestCompleteCurvesOfOneModelIsNotQuadratic(t *testing.T) {
	points := make([]Point, 100_000)
	for i := range points {
		points[i].Curve = CurveKey{Model: "m", Hardware: fmt.Sprintf("hw%d", i)}
	}
	points[0].Curve.Framework = "sglang" // hw0 with no framework does not exist: nothing joins
	start := time.Now()
	notes, numbering := CompleteCurvesNumbered(points)
	if len(notes) != 0 || numbering == nil || len(numbering.keys) != len(points) {
		t.Fatalf("notes %v, numbering of %d keys", notes, len(numbering.keys))
	}
	if took := time.Since(start); took > 20*time.Second {
		t.Fatalf("100,000 keys of one model took %v", took)
	}
}

// The numbering CompleteCurvesNumbered gives when it moves no point is
// the one NumberCurves makes; when it moves one it gives none.
func TestCompleteCurvesNumberedIsNumberCurves(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 2))
	points := make([]Point, parallelNumberMin+3000) // numbered in two halves
	for i := range points {
		points[i].Curve = CurveKey{Model: fmt.Sprintf("m%d", r.IntN(5000)), Hardware: "gb300"}
	}
	notes, got := CompleteCurvesNumbered(points)
	want := NumberCurves(points)
	if len(notes) != 0 || got == nil || !slices.Equal(got.of, want.of) || !slices.Equal(got.keys, want.keys) {
		t.Fatalf("notes %v; numbering given differs from NumberCurves", notes)
	}
	points = append(points, Point{Curve: CurveKey{Model: "m1", Hardware: "gb300", Framework: "sglang"}})
	if notes, got := CompleteCurvesNumbered(points); len(notes) != 1 || got != nil {
		t.Fatalf("a join: notes %v, numbering %v", notes, got != nil)
	}
}
