package audit_test

import (
	"os"
	"testing"
	"time"

	"github.com/sweeptune/sweeptune/audit"
	"github.com/sweeptune/sweeptune/sources"
)

func TestZZProf(t *testing.T) {
	data, err := os.ReadFile("/tmp/rows100k-1000c.json")
	if err != nil {
		t.Skip()
	}
	t0 := time.Now()
	ds := sources.LoadBytes("rows.json", data, sources.Options{})
	t1 := time.Now()
	a := audit.Run(audit.Request{Points: ds.Points, PlanTop: -1})
	t2 := time.Now()
	a = audit.Run(audit.Request{Points: ds.Points})
	t3 := time.Now()
	t.Logf("load %v audit(no plan) %v audit %v rows %d", t1.Sub(t0), t2.Sub(t1), t3.Sub(t2), len(a.Rows))
}
