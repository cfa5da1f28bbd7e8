package sources

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// genAPIRows writes n InferenceX API rows shaped like the real dump
// (every topology field, ~20 metrics): several curves, disagg and agg.
func genAPIRows(n int) []byte {
	var b strings.Builder
	b.Grow(n * 1300)
	b.WriteString("[")
	hws := []string{"gb300", "gb200", "b200", "h200", "mi355x"}
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		disagg := i%3 != 0
		pw, conc := 1+i%9, 4<<(i%10)
		fmt.Fprintf(&b, `{"hardware":%q,"framework":"dynamo-sglang","model":"dsr1","precision":"fp4","spec_method":"none","disagg":%t,"is_multinode":%t,`+
			`"prefill_tp":2,"prefill_ep":2,"prefill_dp_attention":true,"prefill_num_workers":%d,"decode_tp":16,"decode_ep":16,"decode_dp_attention":true,"decode_num_workers":1,`+
			`"num_prefill_gpu":%d,"num_decode_gpu":16,"isl":%d,"osl":1024,"conc":%d,"image":"lmsysorg/sglang:v0.5.9-cu130","metrics":{`,
			hws[i%len(hws)], disagg, disagg, pw, pw*2, 1024<<(3*(i%2)), conc)
		x := float64(i%997) + 0.123456789012345
		fmt.Fprintf(&b, `"p99_itl":%v,"std_itl":%v,"mean_itl":%v,"p99_e2el":%v,"p99_tpot":%v,"p99_ttft":%v,"std_e2el":%v,"std_tpot":%v,"std_ttft":%v,`+
			`"mean_e2el":%v,"mean_tpot":%v,"mean_ttft":%v,"median_itl":%v,"p99_intvty":%v,"std_intvty":%v,"mean_intvty":%v,"median_e2el":%v,`+
			`"median_tpot":%v,"median_ttft":%v,"tput_per_gpu":%v,"median_intvty":%v,"input_tput_per_gpu":%v,"output_tput_per_gpu":%v},`,
			x/1e3, x/1e4, x/1e3, x*11, x/1e3, x/2, x/3, x/1e5, x/9, x*9, x/1e3, x/7, x/1e3, 1e3/x, x*53, 1e3/(x+1), x*9.5, x/1e3, x/9.3, x*181, 1e3/(x+2), x*90, x*89)
		fmt.Fprintf(&b, `"date":"2026-02-27","run_url":"https://github.com/SemiAnalysisAI/InferenceX/actions/runs/%d/attempts/1"}`, 22469096331+i%50)
	}
	b.WriteString("]")
	return []byte(b.String())
}

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
