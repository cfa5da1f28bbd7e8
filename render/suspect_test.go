package render

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

func TestSuspectNotes(t *testing.T) {
	pts := []model.Point{{ID: "ok"}, {ID: "tp1-c64", Prov: model.Provenance{File: "tpu.json"}}}
	pts[1].MarkSuspect(model.RuleImplausible, "29,399 tok/s/GPU on 1 GPUs is 7.9× its c64 siblings")
	got := strings.Join(SuspectNotes(pts, false), "\n")
	want := "tp1-c64 (tpu.json) is suspect, rule implausible: 29,399 tok/s/GPU on 1 GPUs is 7.9× its c64 siblings\n" +
		"1 suspect point (implausible 1) shown but kept out of frontiers, hulls, reviews and fits; --include-suspect brings them in"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if SuspectNotes(pts[:1], false) != nil || SuspectMark(&pts[0]) != "" || SuspectMark(&pts[1]) != "suspect (implausible)" {
		t.Error("marks")
	}
}

// Points regrouped, with where each was loaded, are named in load order,
// as SuspectNotes names them unmoved.
func TestSuspectNotesInOrderIsLoadOrder(t *testing.T) {
	loaded := make([]model.Point, 61)
	for i := range loaded {
		loaded[i].ID = fmt.Sprintf("p%d", i)
		if i%2 == 0 {
			loaded[i].Suspicion = &model.Suspicion{Rule: model.RuleImplausible, Why: "why"}
		}
	}
	moved := make([]model.Point, len(loaded))
	order := make([]int32, len(loaded))
	for k := range loaded {
		order[k] = int32((k*7 + 3) % len(loaded)) // a permutation: 7 and 61 are coprime
		moved[order[k]] = loaded[k]
	}
	want := SuspectNotes(loaded, false)
	if got := SuspectNotesInOrder(moved, order, false); !reflect.DeepEqual(got, want) || len(want) != maxSuspectLines+2 {
		t.Fatalf("got %q\nwant %q", got, want)
	}
	if got := SuspectNotes(moved, false); reflect.DeepEqual(got, want) {
		t.Fatal("moving the points should change the plain order: the test checks nothing")
	}
}
