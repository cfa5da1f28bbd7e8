package sources

import (
	"bytes"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/sweeptune/sweeptune/internal/lazyre"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/resultrow"
	"github.com/sweeptune/sweeptune/sources/srt"
)

// Raw benchmark_serving.py output (vLLM's and InferenceX's bench client):
// one object with model_id, max_concurrency, throughputs in tok/s and
// latency statistics in milliseconds (*_ms) or seconds. It states no GPU
// count and no topology: those come from a recipe variant with its
// concurrency, from the InferenceX file-name convention (…_tp8_…,
// …_gpus_16_ctx_8_gen_8…), or from --gpus. Local points.

func init() {
	register(format{name: "benchmark_serving output", priority: 11, sniff: sniffBenchRaw, parse: parseBenchRaw})
}

func sniffBenchRaw(data []byte) bool {
	h := head(data, 64<<10)
	return len(h) > 0 && h[0] == '{' && bytes.Contains(h, []byte(`"max_concurrency"`)) &&
		(bytes.Contains(h, []byte(`"model_id"`)) || bytes.Contains(h, []byte(`"request_throughput"`))) &&
		!bytes.Contains(h, []byte(`"conc"`))
}

// benchLatency maps a statistic name (without _ms) to a metric.
var benchLatency = func() map[string]model.Metric {
	out := map[string]model.Metric{}
	for _, m := range model.AllMetrics() {
		name := m.JSONName()
		if strings.HasSuffix(name, "_ttft") || strings.HasSuffix(name, "_tpot") || strings.HasSuffix(name, "_e2el") {
			out[name] = m
		}
	}
	return out
}()

// intvtyOf is the interactivity of each TPOT statistic (1/TPOT).
var intvtyOf = map[model.Metric]model.Metric{
	model.MeanTPOT: model.MeanIntvty, model.MedianTPOT: model.MedianIntvty, model.P90TPOT: model.P90Intvty,
}

func parseBenchRaw(path string, data []byte, ds *Dataset) {
	d := newRowDecoder(data)
	s := d.s
	var r resultrow.Row
	var t resultrow.Totals
	var modelID, date string
	s.members(func(key []byte) {
		k := string(key)
		switch k {
		case "model_id":
			d.str(key, &modelID, &r)
			return
		case "date":
			d.str(key, &date, &r)
			return
		case "max_concurrency":
			d.count(key, &r.Conc, &r)
			return
		case "duration":
			if x, ok := d.num("", key, s.value(), &r); ok {
				r.DurationS = x
			}
			return
		case "num_prompts", "completed", "total_output_tokens", "total_output":
			d.healthField(key, &r)
			return
		case "total_token_throughput", "input_throughput", "output_throughput":
			if x, ok := d.num("", key, s.value(), &r); ok {
				t.Set(k, x)
			}
			return
		}
		name, scale := k, 1.0
		if base, ok := strings.CutSuffix(k, "_ms"); ok {
			name, scale = base, 1e-3
		}
		m, ok := benchLatency[name]
		if !ok {
			s.skip()
			return
		}
		d.setMetric("", key, m, s.value(), scale, &r)
	})
	if !d.ended(path, ds) {
		return
	}
	for tpot, iv := range intvtyOf {
		if v, ok := r.Metrics.Get(tpot); ok && v > 0 {
			r.Metrics.Set(iv, 1/v)
		}
	}
	name := benchNameOf(path)
	if r.Bad == "" && r.Conc <= 0 {
		r.Conc = name.conc
	}
	if r.Bad == "" && r.Conc <= 0 {
		r.Badf("max_concurrency", "missing (a point needs its concurrency)")
	}
	if r.Bad != "" {
		ds.Warnf(path, r.BadField, "%s; file skipped", r.Bad)
		return
	}
	p := model.Point{
		Curve: model.CurveKey{Model: srt.ModelName(modelID), Scenario: srt.SeqScenario(name.isl, name.osl),
			Framework: name.framework, Precision: name.precision},
		Source:  model.SourceLocal,
		Metrics: r.Metrics,
		Prov:    model.Provenance{File: path, DurationS: r.DurationS, Date: benchDate(date)},
	}
	p.Knobs.Concurrency = r.Conc
	if r.HealthSet {
		r.Judge(&p)
	}
	pd := gpuPending{point: len(ds.Points), preGPUs: name.preGPUs, decGPUs: name.decGPUs, totals: t, byRole: true}
	switch {
	case name.agg.TP > 0:
		p.Knobs.Mode = model.ModeAgg
		p.Knobs.Prefill = name.agg
	case name.gpus > 0:
		p.GPUCount = name.gpus
	}
	if p.Knobs.Mode == "" {
		// Until a recipe gives it knobs, the point is named by its file.
		p.Label = "bench " + name.stem
	}
	ds.Points = append(ds.Points, p)
	ds.pending = append(ds.pending, pd)
}

// benchName is what an InferenceX result file name says about its run.
type benchName struct {
	stem                   string // the file name without directories or extension
	framework, precision   string // words of the name InferenceX uses (vllm, fp8)
	conc, isl, osl         int
	gpus, preGPUs, decGPUs int
	agg                    model.Role // single-node tp8 / dep8 / tep8 / tp8-ep8-dpatrue
}

var (
	benchGPUsRe   = lazyre.New(`(?:^|_)gpus_(\d+)(?:_ctx_(\d+)_gen_(\d+))?(?:_|$)`)
	benchConcRe   = lazyre.New(`(?:^|_)(?:conc|concurrency_|c)(\d+)(?:_|$)`)
	benchSeqRe    = lazyre.New(`(?:^|_)isl_?(\d+)_osl_?(\d+)(?:_|$)`)
	benchAggRe    = lazyre.New(`(?:^|_)(dep|tep|tp)(\d+)(?:-ep(\d+)-dpa(true|false))?(?:_|$)`)
	benchKVDigits = lazyre.New(`\d+`)
)

func benchNameOf(path string) benchName {
	base := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	// A corpus-style flattened name keeps the original file name last.
	if i := strings.LastIndex(base, "__"); i >= 0 {
		base = base[i+2:]
	}
	n := benchName{stem: base}
	for _, w := range strings.FieldsFunc(strings.ToLower(base), func(r rune) bool { return r == '_' || r == '-' }) {
		switch {
		case benchFrameworks[w] && n.framework == "":
			n.framework = w
		case benchPrecisions[w] && n.precision == "":
			n.precision = w
		}
	}
	atoi := func(s string) int { v, _ := strconv.Atoi(s); return v }
	if m := benchConcRe.FindStringSubmatch(base); m != nil {
		n.conc = atoi(m[1])
	}
	if m := benchSeqRe.FindStringSubmatch(base); m != nil {
		n.isl, n.osl = atoi(m[1]), atoi(m[2])
	}
	if m := benchGPUsRe.FindStringSubmatch(base); m != nil {
		n.gpus = atoi(m[1])
		if m[2] != "" && atoi(m[2])+atoi(m[3]) == n.gpus {
			n.preGPUs, n.decGPUs = atoi(m[2]), atoi(m[3])
		}
		return n
	}
	if m := benchAggRe.FindStringSubmatch(base); m != nil && benchKVDigits.MatchString(m[2]) {
		size := atoi(m[2])
		r := model.Role{Workers: 1, GPUs: size, TP: size, EP: 1}
		switch m[1] {
		case "dep":
			r.EP, r.DPAttn = size, true
		case "tep":
			r.EP = size
		}
		if m[3] != "" {
			r.EP, r.DPAttn = atoi(m[3]), m[4] == "true"
		}
		n.agg = r
	}
	return n
}

var (
	benchFrameworks = map[string]bool{"vllm": true, "sglang": true, "trt": true, "trtllm": true, "atom": true, "tokenspeed": true}
	benchPrecisions = map[string]bool{"fp4": true, "fp8": true, "bf16": true, "fp16": true, "int4": true, "int8": true, "mxfp4": true, "nvfp4": true}
)

// benchDate turns "20260428-110159" into "2026-04-28".
func benchDate(s string) string {
	if len(s) >= 8 && benchKVDigits.FindString(s[:8]) == s[:8] {
		return s[:4] + "-" + s[4:6] + "-" + s[6:8]
	}
	return ""
}
