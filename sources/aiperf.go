package sources

import (
	"bytes"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/resultrow"
)

// AIPerf profile_export_aiperf.json: one object whose metric tags map to
// {unit, avg, p50, p75, p90, p99, …}; latencies in ms; concurrency at
// input_config.loadgen.concurrency. It has no GPU count and no topology:
// the point takes a recipe variant's knobs by concurrency (Join), else
// --gpus, else it keeps its per-GPU throughput absent with a warning.

func init() {
	register(format{name: "AIPerf export", priority: 12, sniff: sniffAIPerf, parse: parseAIPerf})
}

func sniffAIPerf(data []byte) bool {
	h := head(data, 64<<10)
	if len(h) == 0 || h[0] != '{' || bytes.Contains(h, []byte(`"request_metrics"`)) {
		return false
	}
	return bytes.Contains(h, []byte(`"avg"`)) && (bytes.Contains(h, []byte(`"request_throughput"`)) ||
		bytes.Contains(h, []byte(`"time_to_first_token"`)) || bytes.Contains(h, []byte(`"inter_token_latency"`)))
}

// gpuPending is a point whose throughput totals (tok/s) wait for its GPU
// count; preGPUs/decGPUs split a disaggregated point's GPUs when its file
// name states them. byRole is InferenceX's fixed-sequence convention
// (process_result.py: input over the prefill GPUs, output over the decode
// GPUs); without it the agentic one holds (process_agentic_result.py:
// everything over all GPUs).
type gpuPending struct {
	point            int
	totals           resultrow.Totals
	preGPUs, decGPUs int
	byRole           bool
}

// aiperfStats is the part of one metric tag sweeptune uses.
type aiperfStats struct {
	scale float64 // to seconds (latencies) or 1
	v     [numStats]float64
	has   [numStats]bool
}

func (st *aiperfStats) set(i int, v float64) { st.v[i], st.has[i] = v, true }

func (st *aiperfStats) get(i int) (float64, bool) { return st.v[i] * st.scale, st.has[i] }

// unitScale converts a unit to seconds (latencies) or leaves it (counts, rates).
func unitScale(unit string) float64 {
	switch strings.ToLower(strings.TrimSpace(unit)) {
	case "ms":
		return 1e-3
	case "us", "µs":
		return 1e-6
	case "ns":
		return 1e-9
	}
	return 1
}

const (
	statAvg = iota
	statP50
	statP75
	statP90
	statP99
	numStats
)

var aiperfStatIndex = map[string]int{"avg": statAvg, "p50": statP50, "p75": statP75, "p90": statP90, "p99": statP99}

// aiperfTags are the metric tags read (the older export's spelling → the
// current one); the rest are skipped.
var aiperfTags = map[string]string{
	"total_token_throughput": "total_token_throughput", "output_token_throughput": "output_token_throughput",
	"time_to_first_token": "time_to_first_token", "ttft": "time_to_first_token",
	"inter_token_latency": "inter_token_latency", "request_latency": "request_latency",
	"benchmark_duration": "benchmark_duration", "total_isl": "total_isl", "total_osl": "total_osl",
}

// aiperfTotals are the run's throughputs: total and output tokens per
// second, the total computed from the token counts and the duration when
// an older export leaves it out.
func aiperfTotals(stats map[string]*aiperfStats) resultrow.Totals {
	var t resultrow.Totals
	avg := func(tag string) (float64, bool) {
		if st := stats[tag]; st != nil {
			return st.get(statAvg)
		}
		return 0, false
	}
	if v, ok := avg("total_token_throughput"); ok {
		t.Set("total_token_throughput", v)
	} else if in, ok1 := avg("total_isl"); ok1 {
		if out, ok2 := avg("total_osl"); ok2 {
			if dur, ok3 := avg("benchmark_duration"); ok3 && dur > 0 {
				t.Set("total_token_throughput", (in+out)/dur)
			}
		}
	}
	if v, ok := avg("output_token_throughput"); ok {
		t.Set("output_token_throughput", v)
	}
	return t
}

func parseAIPerf(path string, data []byte, ds *Dataset) {
	d := newRowDecoder(data)
	s := d.s
	var r resultrow.Row
	stats := map[string]*aiperfStats{}
	var start string
	tag := func(k string) {
		st := &aiperfStats{scale: 1}
		stats[aiperfTags[k]] = st
		d.object(k, &r, func(sk []byte) { d.aiperfStat(k, sk, st, &r) })
	}
	s.members(func(key []byte) {
		k := string(key)
		switch {
		case aiperfTags[k] != "":
			tag(k)
		case k == "records": // the older export nests the tags here
			d.object(k, &r, func(tk []byte) {
				if aiperfTags[string(tk)] != "" {
					tag(string(tk))
				} else {
					s.skip()
				}
			})
		case k == "start_time":
			d.str(key, &start, &r)
		case k == "input_config":
			d.aiperfInputConfig(&r)
		default:
			s.skip()
		}
	})
	if !d.ended(path, ds) {
		return
	}
	if r.Bad == "" && r.Conc <= 0 {
		r.Badf("input_config.loadgen.concurrency", "missing (a point needs its concurrency)")
	}
	if r.Bad != "" {
		ds.Warnf(path, r.BadField, "%s; file skipped", r.Bad)
		return
	}
	p := aiperfPoint(path, &r, stats, start)
	pd := gpuPending{totals: aiperfTotals(stats)}
	pd.point = len(ds.Points)
	ds.Points = append(ds.Points, p)
	ds.pending = append(ds.pending, pd)
}

// aiperfInputConfig reads the run's concurrency and model from
// input_config; the rest of it is skipped.
func (d *rowDecoder) aiperfInputConfig(r *resultrow.Row) {
	s := d.s
	d.object("input_config", r, func(ck []byte) {
		switch string(ck) {
		case "loadgen":
			d.object("input_config.loadgen", r, func(lk []byte) {
				if string(lk) == "concurrency" {
					d.count([]byte("input_config.loadgen.concurrency"), &r.Conc, r)
				} else {
					s.skip()
				}
			})
		case "endpoint":
			d.object("input_config.endpoint", r, func(ek []byte) {
				if string(ek) == "model_names" && s.peek() == '[' {
					s.elements(func(i int) {
						if i == 0 {
							d.str([]byte("input_config.endpoint.model_names[0]"), &r.Model, r)
						} else {
							s.skip()
						}
					})
				} else {
					s.skip()
				}
			})
		default:
			s.skip()
		}
	})
}

// aiperfStat reads one statistic (or the unit) of metric tag.
func (d *rowDecoder) aiperfStat(tag string, sk []byte, st *aiperfStats, r *resultrow.Row) {
	if string(sk) == "unit" {
		var unit string
		d.str([]byte(tag+".unit"), &unit, r)
		st.scale = unitScale(unit)
		return
	}
	i, ok := aiperfStatIndex[string(sk)]
	if !ok {
		d.s.skip()
		return
	}
	if v, ok := d.num(tag+".", sk, d.s.value(), r); ok {
		st.set(i, v)
	}
}

// aiperfLatency maps latency tag → statistic → metric.
var aiperfLatency = map[string]map[int]model.Metric{
	"time_to_first_token": {statAvg: model.MeanTTFT, statP50: model.MedianTTFT, statP90: model.P90TTFT, statP99: model.P99TTFT},
	"inter_token_latency": {statAvg: model.MeanTPOT, statP50: model.MedianTPOT, statP90: model.P90TPOT, statP99: model.P99TPOT},
	"request_latency": {statAvg: model.MeanE2EL, statP50: model.MedianE2EL, statP75: model.P75E2EL,
		statP90: model.P90E2EL, statP99: model.P99E2EL},
}

// aiperfPoint maps the latency statistics; TPOT is taken as ITL, and
// interactivity as 1/TPOT of the same statistic.
func aiperfPoint(path string, r *resultrow.Row, stats map[string]*aiperfStats, start string) model.Point {
	// Until a recipe gives it knobs, the point is named by its run directory.
	label := "aiperf " + filepath.Base(filepath.Dir(path))
	if c := "c" + strconv.Itoa(r.Conc); !strings.Contains(label, c) {
		label += " " + c
	}
	p := model.Point{
		Label:  label,
		Curve:  model.CurveKey{Model: r.Model},
		Source: model.SourceLocal,
		Prov:   model.Provenance{File: path},
	}
	p.Knobs.Concurrency = r.Conc
	if len(start) >= 10 {
		p.Prov.Date = start[:10]
	}
	for tag, byStat := range aiperfLatency {
		if st := stats[tag]; st != nil {
			for stat, m := range byStat {
				if v, ok := st.get(stat); ok {
					p.Metrics.Set(m, v)
				}
			}
		}
	}
	for _, iv := range []struct{ tpot, intvty model.Metric }{
		{model.MeanTPOT, model.MeanIntvty}, {model.MedianTPOT, model.MedianIntvty}, {model.P90TPOT, model.P90Intvty},
	} {
		if t, ok := p.Metrics.Get(iv.tpot); ok && t > 0 {
			p.Metrics.Set(iv.intvty, 1/t)
		}
	}
	if st := stats["benchmark_duration"]; st != nil {
		if v, ok := st.get(statAvg); ok {
			p.Prov.DurationS = v
		}
	}
	return p
}
