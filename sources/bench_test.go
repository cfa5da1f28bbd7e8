package sources

import (
	"runtime"
	"testing"

	"github.com/sweeptune/sweeptune/sources/synth"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/model/numbering"
)

func genAPIRows(n int) []byte { return synth.APIRows(n) }

func TestGenAPIRowsLoads(t *testing.T) {
	data := genAPIRows(300)
	ds := LoadBytes("gen.json", data, Options{})
	noWarnings(t, ds)
	if len(ds.Points) != 300 || len(model.GroupCurves(ds.Points)) != 10 {
		t.Fatalf("%d points, %d curves", len(ds.Points), len(model.GroupCurves(ds.Points)))
	}
}

// BenchmarkLoadAPIRows100k loads and groups a 100,000-row API file.
func BenchmarkLoadAPIRows100k(b *testing.B) {
	benchRows100k(b, func(data []byte) *Dataset { return LoadBytes("gen.json", data, Options{}) })
}

// BenchmarkParseAPIRows100k is the same without model.AssignIDs, which is
// quadratic in duplicate IDs (the 100k rows repeat shape+concurrency across
// curves) and belongs to model/; this isolates the parser and grouping.
func BenchmarkParseAPIRows100k(b *testing.B) {
	benchRows100k(b, func(data []byte) *Dataset {
		ds := &Dataset{}
		parseAPIRows("gen.json", data, ds)
		Join(ds, Options{})
		return ds
	})
}

// benchRows100k times load on a 100,000-row API file, then grouping its
// points into curves. It reports MB/s (SetBytes) and memory against the
// file size: alloc/file is everything allocated during one load+group
// divided by the file size, an upper bound of the peak beyond the file
// itself; live/file is what stays reachable after (points and curves).
func benchRows100k(b *testing.B, load func(data []byte) *Dataset) {
	data := genAPIRows(100000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var keep []model.Curve
	var ds *Dataset
	for b.Loop() {
		ds = load(data)
		keep = model.GroupCurves(ds.Points)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(data) // counted in before: it must be in after too
	size := float64(len(data))
	b.ReportMetric((float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N))/size, "alloc/file")
	b.ReportMetric(float64(int64(after.HeapAlloc)-int64(before.HeapAlloc))/size, "live/file")
	b.ReportMetric(size/1e6, "fileMB")
	if len(ds.Points) != 100000 || len(keep) != 10 {
		b.Fatalf("%d points, %d curves", len(ds.Points), len(keep))
	}
}

// BenchmarkParseRefRows100k parses (only) 100,000 rows in the speed
// reference's shape: twelve curves, seven metrics of 16–17 digits a row.
func BenchmarkParseRefRows100k(b *testing.B) {
	data := synth.Rows(100000, 12)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		ds := &Dataset{}
		parseAPIRows("gen.json", data, ds)
		if len(ds.Points) != 100000 || len(ds.Warnings) != 0 {
			b.Fatalf("%d points, %v", len(ds.Points), ds.Warnings)
		}
	}
}

// BenchmarkCountMetricsObjects counts the rows of 100,000 API rows as the
// parallel parse does before it decodes them (countMetricsObjects).
func BenchmarkCountMetricsObjects(b *testing.B) {
	data := synth.Rows(100000, 12)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if n := countMetricsObjects(data, 0, len(data)); n != 100000 {
			b.Fatalf("%d rows counted", n)
		}
	}
}

// BenchmarkMarkAndName400k runs the load's last passes (marking beside
// naming and the latest runs) over 400,000 parsed rows of 1,000 curves:
// more points than the caches hold, so the passes' misses on the points
// show.
func BenchmarkMarkAndName400k(b *testing.B) {
	ds := &Dataset{}
	parseAPIRows("gen.json", synth.Rows(400000, 1000), ds)
	if len(ds.Points) != 400000 || len(ds.Warnings) != 0 {
		b.Fatalf("%d points, %v", len(ds.Points), ds.Warnings)
	}
	points := ds.Points
	for b.Loop() {
		b.StopTimer()
		for i := range points {
			points[i].ID, points[i].Suspicion = "", nil
		}
		b.StartTimer()
		markAndName(points, nil, func(c *model.CurveNumbering, f *numbering.NamingFacts) { numbering.LatestIndexFrom(points, f, c, "") }, true)
	}
}
