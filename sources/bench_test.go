package sources

import (
	"runtime"
	"testing"

	"github.com/sweeptune/sweeptune/sources/synth"

	"github.com/sweeptune/sweeptune/model"
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

// BenchmarkLoadAPIRows100k loads and groups a 100,000-row API file. It
// reports MB/s (SetBytes) and memory against the file size: alloc/file is
// everything allocated during one load+group divided by the file size, an
// upper bound of the peak beyond the file itself; live/file is what stays
// reachable after (points and curves).
func BenchmarkLoadAPIRows100k(b *testing.B) {
	data := genAPIRows(100000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var keep []model.Curve
	var ds *Dataset
	for b.Loop() {
		ds = LoadBytes("gen.json", data, Options{})
		keep = model.GroupCurves(ds.Points)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	n := float64(b.N)
	size := float64(len(data))
	b.ReportMetric((float64(after.TotalAlloc-before.TotalAlloc)/n)/size, "alloc/file")
	b.ReportMetric(float64(int64(after.HeapAlloc)-int64(before.HeapAlloc))/size, "live/file")
	b.ReportMetric(size/1e6, "fileMB")
	if len(ds.Points) != 100000 || len(keep) != 10 {
		b.Fatalf("%d points, %d curves", len(ds.Points), len(keep))
	}
}

// BenchmarkParseAPIRows100k is the same without model.AssignIDs, which is
// quadratic in duplicate IDs (the 100k rows repeat shape+concurrency across
// curves) and belongs to model/; this isolates the parser and grouping.
func BenchmarkParseAPIRows100k(b *testing.B) {
	data := genAPIRows(100000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var keep []model.Curve
	for b.Loop() {
		ds := &Dataset{}
		parseAPIRows("gen.json", data, ds)
		Join(ds, Options{})
		keep = model.GroupCurves(ds.Points)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	size := float64(len(data))
	b.ReportMetric((float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N))/size, "alloc/file")
	b.ReportMetric(float64(int64(after.HeapAlloc)-int64(before.HeapAlloc))/size, "live/file")
	if len(keep) != 10 {
		b.Fatalf("%d curves", len(keep))
	}
}
