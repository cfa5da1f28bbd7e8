package sources

import (
	"strings"
	"testing"
)

// A value of the wrong type in a points table names its field, not only a line.
func TestPointsTableWrongTypeNamesField(t *testing.T) {
	table := "curve: {model: m, hardware: h, framework: f, precision: p, scenario: s}\nsource: local\npoints:\n" +
		"  - mode: agg\n    agg: {workers: 1, gpus: 4, tp: 4}\n    concurrency: 8\n    metrics: {tput-per-gpu: 100, mean-intvty: 5}\n" +
		"  - mode: agg\n    agg: {workers: 1, gpus: 4, tp: 4}\n    concurrency: 16\n    metrics:\n      tput-per-gpu: 200\n      mean-intvty: nope\n" +
		"  - mode: agg\n    agg: {workers: 1, gpus: four, tp: 4}\n    concurrency: 32\n    metrics: {tput-per-gpu: 300}\n"
	ds := LoadBytes("t.yaml", []byte(table), Options{})
	if len(ds.Points) != 1 || len(ds.Warnings) != 2 {
		t.Fatalf("points %d warnings %v", len(ds.Points), ds.Warnings)
	}
	for i, want := range []string{
		`t.yaml: points[1].metrics.mean-intvty (line 13): want a number, got "nope"; point skipped`,
		`t.yaml: points[2].agg.gpus (line 15): want a whole number, got "four"; point skipped`,
	} {
		if got := ds.Warnings[i].String(); got != want {
			t.Errorf("warning %d\n got %s\nwant %s", i, got, want)
		}
	}
	if !strings.HasPrefix(ds.Points[0].ID, "agg-tp4-c8") {
		t.Errorf("kept %s", ds.Points[0].ID)
	}
}
