package model_test

import (
	"fmt"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/demo"
)

// Worked-example IDs of the embedded demo.
const (
	idAggTP4C16  = "agg-tp4-c16@2026-10-29"
	idAggTEP2C16 = "agg-tep2-c16"
	id3PC1228    = "3p1d-dep2-dep16-b24-c1228@2026-10-29"
	id8PC4096    = "8p1d-dep2-dep16-c4096"
	id9PB160     = "9p1d-dep2-dep16-b160-c7480"
	id5PC2884    = "5p1d-dep2-dep16-b40-c2884"
	id7PC5540    = "7p1d-dep2-dep16-b96-c5540"
	id9PB192     = "9p1d-dep2-dep16-b192-c7480"
)

func demoPoints(t testing.TB) []model.Point {
	t.Helper()
	ds := demo.Load()
	if len(ds.Warnings) > 0 {
		t.Fatalf("demo warnings: %v", ds.Warnings)
	}
	return ds.Points
}

func pick(t testing.TB, points []model.Point, ids ...string) []model.Point {
	t.Helper()
	out := make([]model.Point, 0, len(ids))
	for _, id := range ids {
		i := model.FindID(points, id)
		if i < 0 {
			t.Fatalf("no point %s in the demo", id)
		}
		out = append(out, points[i])
	}
	return out
}

// workedCurve is the demo's points and the worked example's kept curve among them.
func workedCurve(t testing.TB) (pts, kept []model.Point) {
	pts = demoPoints(t)
	return pts, pick(t, pts, idAggTP4C16, id3PC1228, id5PC2884, id7PC5540, id9PB192)
}

// money formats like the worked example: thousands separators, two decimals.
func money(v float64) string {
	s := fmt.Sprintf("%.2f", v)
	intPart, frac := s[:len(s)-3], s[len(s)-3:]
	neg := ""
	if intPart[0] == '-' {
		neg, intPart = "-", intPart[1:]
	}
	var b []byte
	for i, c := range []byte(intPart) {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b = append(b, ',')
		}
		b = append(b, c)
	}
	return neg + string(b) + frac
}
