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

func TestTablesByLetter(t *testing.T) {
	ab := Tables("a", "b")
	if len(ab.Warnings) != 0 || len(ab.Points) != 5+5 {
		t.Fatalf("tables A and B: %d points, warnings %v", len(ab.Points), ab.Warnings)
	}
	for _, p := range ab.Points {
		if p.Source == "competitor" {
			t.Errorf("table D's %s among tables A and B", p.ID)
		}
	}
	if d := Tables("d"); len(d.Points) != 3 || d.Points[0].Source != "competitor" {
		t.Errorf("table D: %d points", len(d.Points))
	}
}
