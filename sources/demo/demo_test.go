package demo

import "testing"

func TestDemoLoadsEveryTable(t *testing.T) {
	ds := Load()
	if len(ds.Warnings) != 0 {
		t.Fatalf("demo warnings: %v", ds.Warnings)
	}
	if got, want := len(ds.Points), 5+5+8+3; got != want {
		t.Fatalf("demo points = %d, want %d", got, want)
	}
	for _, p := range ds.Points {
		t.Logf("%-45s %-10s %3d %s", p.ID, p.Source, p.GPUs(), p.DisplayLabel())
	}
}
