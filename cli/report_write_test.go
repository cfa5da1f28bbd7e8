package cli

import (
	"bytes"
	"fmt"
	"math"
	"runtime"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// bigReport has enough points for the chunked writer to use every core:
// three curves, the last empty.
func bigReport(n int) report {
	rep := report{X: model.DefaultXAxis, Y: model.DefaultXAxis}
	for c, size := range []int{n, n / 3, 0} {
		rc := reportCurve{Key: model.CurveKey{Model: fmt.Sprintf("m%d", c), Hardware: "h200"}}
		for i := 0; i < size; i++ {
			p := model.Point{ID: fmt.Sprintf("c%d-%d", c, i), Source: model.SourcePublished, Curve: rc.Key}
			p.Knobs.Concurrency = i + 1
			p.Metrics.Set(model.TputPerGPU, float64(i)*1.5)
			p.Prov = model.Provenance{File: "rows.json", Date: "2026-11-01"}
			rc.Points = append(rc.Points, p)
			rc.OnFrontier = append(rc.OnFrontier, i%3 == 0)
			rc.HullVertex = append(rc.HullVertex, i%6 == 0)
		}
		rep.Curves = append(rep.Curves, rc)
	}
	return rep
}

// writeWith writes rep's JSON with procs cores (in chunks from the first
// point when more than one): the bytes and the error.
func writeWith(rep report, procs int) ([]byte, error) {
	prev := runtime.GOMAXPROCS(procs)
	defer runtime.GOMAXPROCS(prev)
	defer func(v int) { parallelPoints = v }(parallelPoints)
	parallelPoints = 1
	var b bytes.Buffer
	err := writeReportJSON(&b, rep)
	return b.Bytes(), err
}

// The chunks formatted on two cores make the one-core document byte for
// byte; a point that cannot be written gives the same bytes and error.
func TestReportJSONChunksInOrder(t *testing.T) {
	if runtime.NumCPU() < 2 {
		t.Skip("one core")
	}
	rep := bigReport(5000)
	one, err1 := writeWith(rep, 1)
	two, err2 := writeWith(rep, 2)
	if err1 != nil || err2 != nil || !bytes.Equal(one, two) {
		t.Fatalf("one core: %d bytes (%v), two: %d bytes (%v)", len(one), err1, len(two), err2)
	}
	if !bytes.HasSuffix(one, []byte("\"warnings\": null\n}\n")) || bytes.Count(one, []byte(`"on_frontier"`)) != 5000+5000/3 {
		t.Fatalf("document ends %q", one[len(one)-40:])
	}
	rep.Curves[0].Points[3007].Knobs.AcceptanceLength = math.NaN() // not JSON
	one, err1 = writeWith(rep, 1)
	two, err2 = writeWith(rep, 2)
	if err1 == nil || err2 == nil || err1.Error() != err2.Error() || !bytes.Equal(one, two) {
		t.Fatalf("one core: %d bytes (%v), two: %d bytes (%v)", len(one), err1, len(two), err2)
	}
}
