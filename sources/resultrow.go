package sources

import (
	"bytes"
	"fmt"
	"math"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/srt"
)

// resultRow is what the InferenceX API rows, flat result rows and AgentX
// aggregates share: identity and topology fields (under a few spellings)
// and metrics. A row decoder fills it field by field and keeps the first
// bad field, so a wrong value costs one row with a warning naming it.
type resultRow struct {
	model, prefix, hw, framework, precision string
	spec, scenario, image, date, runURL     string

	disagg               bool
	isl, osl, conc       int
	tp, ep, numGPUs      int
	dpAttn               bool
	pre, dec             rowRole
	numPreGPU, numDecGPU int
	durationS            float64
	metrics              model.Metrics
	totals               rowTotals

	// health is what the row says of its own run (requests, failures,
	// output tokens), for the validity gate; healthSet when any field gave it.
	health          model.RunHealth
	healthSet       bool
	reqTotal, reqOK int  // requests sent and succeeded
	hasTotal, hasOK bool // … when the row gives them
	users           int  // multi-turn rows: concurrent users stand for the concurrency

	badField, bad string // first bad field and what is wrong with it
}

// healthOf is r's run health, started as unknown on first use.
func (r *resultRow) healthOf() *model.RunHealth {
	if !r.healthSet {
		r.health, r.healthSet = model.UnknownHealth(), true
	}
	return &r.health
}

// judge marks p by the run health the row gave.
func (r *resultRow) judge(p *model.Point) {
	h := r.health
	if r.hasTotal {
		h.Requests = r.reqTotal
		if r.hasOK {
			h.Failed = r.reqTotal - r.reqOK
		}
	} else if r.hasOK && r.reqOK == 0 {
		h.Requests = 0 // nothing completed
	}
	h.Judge(p)
}

// healthField reads the fields a run states about itself: requests sent
// and succeeded (multi-turn rows), completed prompts and generated tokens
// (benchmark_serving); it reports false (consuming nothing) for any other key.
func (d *rowDecoder) healthField(key []byte, r *resultRow) bool {
	switch string(key) {
	case "num_requests_total", "num_prompts":
		d.count(key, &r.reqTotal, r)
		r.healthOf()
		r.hasTotal = true
	case "num_requests_successful", "completed":
		d.count(key, &r.reqOK, r)
		r.healthOf()
		r.hasOK = true
	case "total_generation_tokens", "total_output_tokens", "total_output":
		if x, ok := d.num("", key, d.s.value(), r); ok {
			r.healthOf().OutputTokens = x
		}
	case "users":
		d.count(key, &r.users, r)
	default:
		return false
	}
	return true
}

// rowTotals are throughputs a row gives for the whole point (tok/s), to
// be divided by its GPUs when it gives no per-GPU value.
type rowTotals struct {
	total, input, output float64
	has                  uint8 // bits: 1 total, 2 input, 4 output
}

// set stores a throughput by its benchmark_serving / AIPerf name.
func (t *rowTotals) set(name string, v float64) {
	switch name {
	case "total_token_throughput", "total_tput_tps":
		t.total, t.has = v, t.has|1
	case "input_throughput", "input_token_throughput", "input_tput_tps":
		t.input, t.has = v, t.has|2
	case "output_throughput", "output_token_throughput", "output_tput_tps":
		t.output, t.has = v, t.has|4
	}
}

// totalField reads the receipt rows' whole-point throughputs and duration;
// it reports false (consuming nothing) for any other key.
func (d *rowDecoder) totalField(key []byte, r *resultRow) bool {
	switch string(key) {
	case "total_tput_tps", "input_tput_tps", "output_tput_tps":
		if x, ok := d.num("", key, d.s.value(), r); ok {
			r.totals.set(string(key), x)
		}
	case "duration_seconds", "duration_s":
		if x, ok := d.num("", key, d.s.value(), r); ok {
			r.durationS = x
		}
	default:
		return false
	}
	return true
}

type rowRole struct {
	tp, ep, workers int
	dpAttn          bool
}

func (r *resultRow) badf(field, format string, args ...any) {
	if r.bad == "" {
		r.badField, r.bad = field, fmt.Sprintf(format, args...)
	}
}

// rowDecoder reads one file's rows with a shared interner.
type rowDecoder struct {
	s       *jsonScan
	strs    interner
	linePos int
	lineNo  int
	seqs    map[[2]int]string // scenario names by (isl, osl), built once each

	fast fastRowState // what the API rows' fast path remembers from row to row (apirows_fast.go)

	// row is the row being read, kept here rather than on apiRow's
	// stack: with apiRow inlined into its caller (as a profile-guided
	// build does), the closure over a stack row made it escape, one heap
	// allocation a row (a million rows: 700 MB more at the peak).
	row resultRow
}

func newRowDecoder(data []byte) *rowDecoder {
	return &rowDecoder{s: &jsonScan{data: data}, strs: interner{}, lineNo: 1}
}

// topField decodes the identity/topology field key into r, consuming its
// value; it reports false (consuming nothing) for any other key.
func (d *rowDecoder) topField(key []byte, r *resultRow) bool {
	id := topKeyID(key)
	if id < 0 {
		return false
	}
	fd := rowFieldOf[id]
	p := r.fieldAt(fd.off)
	switch fd.kind {
	case strField:
		d.str(key, (*string)(p), r)
	case boolField:
		d.boolean(key, (*bool)(p), r)
	case countField:
		d.count(key, (*int)(p), r)
	case gpusField:
		d.gpus(key, (*int)(p), r)
	default:
		return false
	}
	return true
}

// str reads a string or null (absent).
func (d *rowDecoder) str(key []byte, dst *string, r *resultRow) {
	v := d.s.value()
	switch v.kind {
	case 's':
		if v.esc {
			*dst = v.text()
		} else {
			*dst = d.strs.get(v.raw)
		}
	default:
		d.otherKind("", key, "a string", v, r)
	}
}

// boolean reads true/false, or the strings "true"/"false" the flat rows use.
func (d *rowDecoder) boolean(key []byte, dst *bool, r *resultRow) {
	v := d.s.value()
	switch v.kind {
	case 'b':
		*dst = v.b
	case 's':
		switch strings.ToLower(string(v.raw)) {
		case "true":
			*dst = true
		case "false":
			*dst = false
		default:
			r.badf(string(key), "want true or false, got %q", v.raw)
		}
	default:
		d.otherKind("", key, "true or false", v, r)
	}
}

// count reads a non-negative integer (workers, GPUs, TP, concurrency…).
func (d *rowDecoder) count(key []byte, dst *int, r *resultRow) {
	d.countOf(key, d.s.value(), dst, r)
}

func (d *rowDecoder) countOf(key []byte, v jval, dst *int, r *resultRow) {
	x, ok := d.num("", key, v, r)
	switch {
	case !ok:
	case len(v.raw) > 0 && v.raw[0] == '-':
		r.badf(string(key), "negative (%s)", v.raw)
	case x != math.Trunc(x) || x > 1e9:
		r.badf(string(key), "want a whole number, got %s", v.raw)
	default:
		*dst = int(x)
	}
}

// gpus reads a GPU count: a whole number of at least 1 (0 and -0 are no
// GPU count a point can run on).
func (d *rowDecoder) gpus(key []byte, dst *int, r *resultRow) {
	v := d.s.value()
	if v.kind == 'n' && v.num == 0 {
		r.badf(string(key), "want at least 1 GPU, got %s", v.raw)
		return
	}
	d.countOf(key, v, dst, r)
}

// metric reads a metric value into r.metrics; null leaves it absent. The
// field is prefix+key, built only when there is something to report.
func (d *rowDecoder) metric(prefix string, key []byte, m model.Metric, r *resultRow) {
	v := d.s.value()
	d.setMetric(prefix, key, m, v, 1, r)
}

// setMetric stores v×scale, refusing what is not a finite, non-negative number.
func (d *rowDecoder) setMetric(prefix string, key []byte, m model.Metric, v jval, scale float64, r *resultRow) {
	if x, ok := d.num(prefix, key, v, r); ok {
		r.metrics.Set(m, x*scale)
	}
}

// num checks a finite, non-negative number; null is absent (false, no
// complaint), anything else is recorded as the row's bad field.
func (d *rowDecoder) num(prefix string, key []byte, v jval, r *resultRow) (float64, bool) {
	switch v.kind {
	case 'n':
		switch {
		case math.IsNaN(v.num) || math.IsInf(v.num, 0):
			r.badf(prefix+string(key), "%s is not a finite number", v.raw)
		case v.num < 0:
			r.badf(prefix+string(key), "negative (%s)", v.raw)
		default:
			return v.num, true
		}
	default:
		d.otherKind(prefix, key, "a number", v, r)
	}
	return 0, false
}

// otherKind records a value of a kind the field does not take as the
// row's bad field (want names the kind it takes); null is absent, and
// after a syntax error the scanner's error says it all.
func (d *rowDecoder) otherKind(prefix string, key []byte, want string, v jval, r *resultRow) {
	if v.kind != 'z' && d.s.err == nil {
		r.badf(prefix+string(key), "want %s, got %s", want, v.kindName())
	}
}

// ended checks that only space follows a one-point file's JSON; when the
// JSON is bad it says so (the file is skipped) and reports false.
func (d *rowDecoder) ended(path string, ds *Dataset) bool {
	d.s.atEnd()
	ds.Warnings = append(ds.Warnings, d.s.dupWarnings(path)...)
	if d.s.err != nil {
		ds.Warnf(path, "", "invalid JSON at %v; file skipped", d.s.err)
		return false
	}
	return true
}

// rowsEnded is ended for a file of rows: the rows before a syntax error
// (a truncated file) stay loaded, and the warning counts them.
func (d *rowDecoder) rowsEnded(path string, ds *Dataset) {
	d.s.atEnd()
	ds.Warnings = append(ds.Warnings, d.s.dupWarnings(path)...)
	if d.s.err != nil {
		ds.Warnf(path, "", "invalid JSON at %v; %d rows before it loaded", d.s.err, countFrom(ds, path))
	}
}

// countFrom counts the points already read from path (for the truncation message).
func countFrom(ds *Dataset, path string) int {
	n := 0
	for i := len(ds.Points) - 1; i >= 0 && ds.Points[i].Prov.File == path; i-- {
		n++
	}
	return n
}

// line is the 1-based line of pos, counted on from the last call so that
// reporting many bad rows stays linear.
func (d *rowDecoder) line(pos int) int {
	if pos < d.linePos {
		d.linePos, d.lineNo = 0, 1
	}
	d.lineNo += bytes.Count(d.s.data[d.linePos:pos], []byte{'\n'})
	d.linePos = pos
	return d.lineNo
}

// snakeMetrics maps the snake_case metric names the result formats use.
var snakeMetrics = func() map[string]model.Metric {
	out := make(map[string]model.Metric, model.NumMetrics)
	for _, m := range model.AllMetrics() {
		out[m.JSONName()] = m
	}
	return out
}()

// point turns the row into a model.Point, or says why it cannot (the
// field at fault and what is wrong).
func (r *resultRow) point(path string, src model.Source) (model.Point, string, string) {
	var p model.Point
	field, msg := r.fillPoint(&p, path, src)
	return p, field, msg
}

// fillPoint is point written into *p, which must be zero: a row's point
// made where it is kept, not on the stack and then copied there (664
// bytes a row). On a fault *p is left as it was.
func (r *resultRow) fillPoint(p *model.Point, path string, src model.Source) (field, msg string) {
	if r.bad != "" {
		return r.badField, r.bad
	}
	if r.conc <= 0 && r.users > 0 {
		r.conc = r.users // multi-turn: each user holds one conversation open
	}
	if r.conc <= 0 {
		return "conc", "missing (a point needs its concurrency)"
	}
	name := r.model
	if name == "" {
		name = r.prefix
	}
	if name == "" {
		return "model", "missing"
	}
	p.Curve.Model, p.Curve.Scenario, p.Curve.Hardware = name, r.scenario, normHardware(r.hw)
	p.Curve.Framework, p.Curve.Precision = r.framework, r.precision
	p.Source = src
	p.Metrics = r.metrics
	pv := &p.Prov
	pv.File, pv.RunURL, pv.Date, pv.DurationS, pv.Image = path, r.runURL, r.date, r.durationS, r.image
	if p.Curve.Scenario == "" {
		p.Curve.Scenario = srt.SeqScenario(r.isl, r.osl)
	}
	k := &p.Knobs
	k.Concurrency = r.conc
	k.SpecDecoding = r.spec
	if r.disagg {
		k.Mode = model.ModeDisagg
		k.Prefill = r.pre.role(r.numPreGPU)
		k.Decode = r.dec.role(r.numDecGPU)
		if (k.Prefill.GPUs == 0 || k.Decode.GPUs == 0) && r.numPreGPU+r.numDecGPU > 0 {
			// Workers unknown or GPUs not a multiple of them: keep the stated total.
			p.GPUCount = r.numPreGPU + r.numDecGPU
		}
	} else {
		k.Mode = model.ModeAgg
		tp, ep, dp := r.tp, r.ep, r.dpAttn
		if tp == 0 {
			tp, ep, dp = r.pre.tp, r.pre.ep, r.pre.dpAttn
		}
		gpus := firstPositive(r.numPreGPU, r.numGPUs, tp)
		k.Prefill = model.Role{Workers: 1, GPUs: gpus, TP: tp, EP: ep, DPAttn: dp}
	}
	if r.totals.has != 0 {
		// Receipt totals carry the agentic names (*_tput_tps): InferenceX's
		// agentic aggregation divides all three by every GPU of the point.
		perGPU(&p.Metrics, r.totals, p.GPUs(), 0, 0)
	}
	if r.healthSet {
		r.judge(p)
	}
	return "", ""
}

// perGPU sets the per-GPU throughputs a row left out from its totals, as
// InferenceX computes them: total over all GPUs; input over pre and output
// over dec GPUs when both are given (fixed-sequence disaggregated points,
// process_result.py), else over all GPUs (aggregated and agentic points).
func perGPU(ms *model.Metrics, t rowTotals, all, pre, dec int) {
	if all <= 0 {
		return
	}
	if pre <= 0 || dec <= 0 {
		pre, dec = all, all
	}
	total, input, output := t.total, t.input, t.output
	switch {
	case t.has&1 == 0 && t.has&6 == 6:
		total, t.has = input+output, t.has|1
	case t.has&2 == 0 && t.has&5 == 5 && total >= output:
		input, t.has = total-output, t.has|2
	case t.has&4 == 0 && t.has&3 == 3 && total >= input:
		output, t.has = total-input, t.has|4
	}
	for _, f := range []struct {
		bit  uint8
		v    float64
		gpus int
		m    model.Metric
	}{{1, total, all, model.TputPerGPU}, {2, input, pre, model.InputTputPerGPU}, {4, output, dec, model.OutputTputPerGPU}} {
		if t.has&f.bit != 0 && !ms.Has(f.m) {
			ms.Set(f.m, f.v/float64(f.gpus))
		}
	}
}

func (rr rowRole) role(totalGPUs int) model.Role {
	r := model.Role{Workers: rr.workers, TP: rr.tp, EP: rr.ep, DPAttn: rr.dpAttn}
	if rr.workers > 0 && totalGPUs > 0 && totalGPUs%rr.workers == 0 {
		r.GPUs = totalGPUs / rr.workers
	}
	return r
}

func firstPositive(v ...int) int {
	for _, x := range v {
		if x > 0 {
			return x
		}
	}
	return 0
}

// seqScenario is srt.SeqScenario(isl, osl) built once per pair of lengths a
// file uses, not three small strings per row.
func (d *rowDecoder) seqScenario(isl, osl int) string {
	k := [2]int{isl, osl}
	if name, ok := d.seqs[k]; ok {
		return name
	}
	name := srt.SeqScenario(isl, osl)
	if d.seqs == nil {
		d.seqs = map[[2]int]string{}
	}
	if len(d.seqs) < 4096 {
		d.seqs[k] = name
	}
	return name
}

// normHardware drops the runner decorations of result files
// ("cluster:h100-dgxc" → "h100") so local results share the published
// curve's hardware name.
func normHardware(hw string) string {
	hw = strings.TrimPrefix(hw, "cluster:")
	if i := strings.IndexByte(hw, '-'); i > 0 {
		hw = hw[:i]
	}
	return hw
}

// rowStart begins the row at the scanner's position: its first byte (after
// the separator's newline), and whether it is an object. Any other value is
// consumed and recorded as the row's bad field.
func (d *rowDecoder) rowStart(r *resultRow) (start int, object bool) {
	d.s.peek()
	start = d.s.pos
	if d.s.peek() == '{' {
		return start, true
	}
	if v := d.s.value(); d.s.err == nil {
		r.badf("row", "want an object, got %s", v.kindName())
	}
	return start, false
}

// metricField reads key as a metric (the field is prefix+key) when it
// names one; it reports false (consuming nothing) for any other key.
func (d *rowDecoder) metricField(prefix string, key []byte, r *resultRow) bool {
	m, ok := snakeMetrics[string(key)]
	if ok {
		d.metric(prefix, key, m, r)
	}
	return ok
}

// nestedMetrics reads the members of a "metrics" object.
func (d *rowDecoder) nestedMetrics(r *resultRow) func(key []byte) {
	return func(key []byte) {
		if !d.metricField("metrics.", key, r) {
			d.s.skip()
		}
	}
}

// addRow appends row i's point (it began at byte start), or a warning
// naming the row, its line and the field at fault; i < 0 for a file that
// is one object.
func (d *rowDecoder) addRow(ds *Dataset, path string, i, start int, r *resultRow, src model.Source) {
	if r.scenario == "" && r.bad == "" {
		r.scenario = d.seqScenario(r.isl, r.osl)
	}
	n := len(ds.Points)
	ds.Points = append(ds.Points, model.Point{})
	field, msg := r.fillPoint(&ds.Points[n], path, src)
	if msg != "" {
		ds.Points = ds.Points[:n]
		if i >= 0 {
			field = fmt.Sprintf("[%d].%s", i, field)
		}
		ds.Warnf(path, fmt.Sprintf("%s (line %d)", field, d.line(start)), "%s; row skipped", msg)
	}
}
