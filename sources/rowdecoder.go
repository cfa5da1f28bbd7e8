package sources

import (
	"bytes"
	"fmt"
	"math"
	"strings"

	"github.com/sweeptune/sweeptune/internal/intern"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/fastrows"
	"github.com/sweeptune/sweeptune/sources/resultrow"
	"github.com/sweeptune/sweeptune/sources/srt"
)

// healthField reads the fields a run states about itself: requests sent
// and succeeded (multi-turn rows), completed prompts and generated tokens
// (benchmark_serving); it reports false (consuming nothing) for any other key.
func (d *rowDecoder) healthField(key []byte, r *resultrow.Row) bool {
	switch string(key) {
	case "num_requests_total", "num_prompts":
		d.count(key, &r.ReqTotal, r)
		r.HealthOf()
		r.HasTotal = true
	case "num_requests_successful", "completed":
		d.count(key, &r.ReqOK, r)
		r.HealthOf()
		r.HasOK = true
	case "total_generation_tokens", "total_output_tokens", "total_output":
		if x, ok := d.num("", key, d.s.value(), r); ok {
			r.HealthOf().OutputTokens = x
		}
	case "users":
		d.count(key, &r.Users, r)
	default:
		return false
	}
	return true
}

// totalField reads the receipt rows' whole-point throughputs and duration;
// it reports false (consuming nothing) for any other key.
func (d *rowDecoder) totalField(key []byte, r *resultrow.Row) bool {
	switch string(key) {
	case "total_tput_tps", "input_tput_tps", "output_tput_tps":
		if x, ok := d.num("", key, d.s.value(), r); ok {
			r.Totals.Set(string(key), x)
		}
	case "duration_seconds", "duration_s":
		if x, ok := d.num("", key, d.s.value(), r); ok {
			r.DurationS = x
		}
	default:
		return false
	}
	return true
}

// rowDecoder reads one file's rows with a shared interner.
type rowDecoder struct {
	s       *jsonScan
	strs    intern.Table
	linePos int
	lineNo  int
	seqs    map[[2]int]string // scenario names by (isl, osl), built once each

	fast fastrows.Decoder // the API rows' fast path and what it remembers from row to row

	// row is the row being read, kept here rather than on apiRow's
	// stack: with apiRow inlined into its caller (as a profile-guided
	// build does), the closure over a stack row made it escape, one heap
	// allocation a row (a million rows: 700 MB more at the peak).
	row resultrow.Row
}

func newRowDecoder(data []byte) *rowDecoder {
	return &rowDecoder{s: &jsonScan{data: data}, strs: intern.Table{}, lineNo: 1}
}

// topField decodes the identity/topology field key into r, consuming its
// value; it reports false (consuming nothing) for any other key.
func (d *rowDecoder) topField(key []byte, r *resultrow.Row) bool {
	id := resultrow.KeyID(key)
	if id < 0 {
		return false
	}
	fd := resultrow.Fields[id]
	switch fd.Kind {
	case resultrow.StrField:
		d.str(key, r.Str(fd), r)
	case resultrow.BoolField:
		d.boolean(key, r.Bool(fd), r)
	case resultrow.CountField:
		d.count(key, r.Int(fd), r)
	case resultrow.GPUsField:
		d.gpus(key, r.Int(fd), r)
	default:
		return false
	}
	return true
}

// str reads a string or null (absent).
func (d *rowDecoder) str(key []byte, dst *string, r *resultrow.Row) {
	v := d.s.value()
	switch v.kind {
	case 's':
		if v.esc {
			*dst = v.text()
		} else {
			*dst = d.strs.Get(v.raw)
		}
	default:
		d.otherKind("", key, "a string", v, r)
	}
}

// boolean reads true/false, or the strings "true"/"false" the flat rows use.
func (d *rowDecoder) boolean(key []byte, dst *bool, r *resultrow.Row) {
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
			r.Badf(string(key), "want true or false, got %q", v.raw)
		}
	default:
		d.otherKind("", key, "true or false", v, r)
	}
}

// count reads a non-negative integer (workers, GPUs, TP, concurrency…).
func (d *rowDecoder) count(key []byte, dst *int, r *resultrow.Row) {
	d.countOf(key, d.s.value(), dst, r)
}

func (d *rowDecoder) countOf(key []byte, v jval, dst *int, r *resultrow.Row) {
	x, ok := d.num("", key, v, r)
	switch {
	case !ok:
	case len(v.raw) > 0 && v.raw[0] == '-':
		r.Badf(string(key), "negative (%s)", v.raw)
	case x != math.Trunc(x) || x > 1e9:
		r.Badf(string(key), "want a whole number, got %s", v.raw)
	default:
		*dst = int(x)
	}
}

// gpus reads a GPU count: a whole number of at least 1 (0 and -0 are no
// GPU count a point can run on).
func (d *rowDecoder) gpus(key []byte, dst *int, r *resultrow.Row) {
	v := d.s.value()
	if v.kind == 'n' && v.num == 0 {
		r.Badf(string(key), "want at least 1 GPU, got %s", v.raw)
		return
	}
	d.countOf(key, v, dst, r)
}

// metric reads a metric value into r.metrics; null leaves it absent. The
// field is prefix+key, built only when there is something to report.
func (d *rowDecoder) metric(prefix string, key []byte, m model.Metric, r *resultrow.Row) {
	v := d.s.value()
	d.setMetric(prefix, key, m, v, 1, r)
}

// setMetric stores v×scale, refusing what is not a finite, non-negative number.
func (d *rowDecoder) setMetric(prefix string, key []byte, m model.Metric, v jval, scale float64, r *resultrow.Row) {
	if x, ok := d.num(prefix, key, v, r); ok {
		r.Metrics.Set(m, x*scale)
	}
}

// num checks a finite, non-negative number; null is absent (false, no
// complaint), anything else is recorded as the row's bad field.
func (d *rowDecoder) num(prefix string, key []byte, v jval, r *resultrow.Row) (float64, bool) {
	switch v.kind {
	case 'n':
		switch {
		case math.IsNaN(v.num) || math.IsInf(v.num, 0):
			r.Badf(prefix+string(key), "%s is not a finite number", v.raw)
		case v.num < 0:
			r.Badf(prefix+string(key), "negative (%s)", v.raw)
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
func (d *rowDecoder) otherKind(prefix string, key []byte, want string, v jval, r *resultrow.Row) {
	if v.kind != 'z' && d.s.err == nil {
		r.Badf(prefix+string(key), "want %s, got %s", want, v.kindName())
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

// rowStart begins the row at the scanner's position: its first byte (after
// the separator's newline), and whether it is an object. Any other value is
// consumed and recorded as the row's bad field.
func (d *rowDecoder) rowStart(r *resultrow.Row) (start int, object bool) {
	d.s.peek()
	start = d.s.pos
	if d.s.peek() == '{' {
		return start, true
	}
	if v := d.s.value(); d.s.err == nil {
		r.Badf("row", "want an object, got %s", v.kindName())
	}
	return start, false
}

// metricField reads key as a metric (the field is prefix+key) when it
// names one; it reports false (consuming nothing) for any other key.
func (d *rowDecoder) metricField(prefix string, key []byte, r *resultrow.Row) bool {
	m, ok := resultrow.MetricNames[string(key)]
	if ok {
		d.metric(prefix, key, m, r)
	}
	return ok
}

// nestedMetrics reads the members of a "metrics" object.
func (d *rowDecoder) nestedMetrics(r *resultrow.Row) func(key []byte) {
	return func(key []byte) {
		if !d.metricField("metrics.", key, r) {
			d.s.skip()
		}
	}
}

// addRow appends row i's point (it began at byte start), or a warning
// naming the row, its line and the field at fault; i < 0 for a file that
// is one object.
func (d *rowDecoder) addRow(ds *Dataset, path string, i, start int, r *resultrow.Row, src model.Source) {
	if r.Scenario == "" && r.Bad == "" {
		r.Scenario = d.seqScenario(r.ISL, r.OSL)
	}
	n := len(ds.Points)
	ds.Points = append(ds.Points, model.Point{})
	field, msg := r.FillPoint(&ds.Points[n], path, src)
	if msg != "" {
		ds.Points = ds.Points[:n]
		if i >= 0 {
			field = fmt.Sprintf("[%d].%s", i, field)
		}
		ds.Warnf(path, fmt.Sprintf("%s (line %d)", field, d.line(start)), "%s; row skipped", msg)
	}
}
