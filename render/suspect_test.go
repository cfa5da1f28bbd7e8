package render

import (
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
