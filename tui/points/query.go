package points

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sweeptune/sweeptune/model"
)

// query is a parsed filter: whitespace-separated terms, all of which must
// hold (AND). A term is free text (matched in the ID, label and source),
// field:value (src:pub, mode:agg; np:9, bs:>=96, c:1000..6000 on numbers),
// and ! in front negates it.
type query struct {
	terms []term
	err   error // the first bad term; the good ones still filter
}

type term struct {
	neg   bool
	text  string // free text or a text field's value, lower case
	field *field // nil for free text
	op    string // numeric comparison: = != < <= > >= ..
	a, b  float64
}

// field is what a field:value term reads from a point.
type field struct {
	names []string
	help  string
	num   func(p *model.Point, x, y model.Axis) (float64, bool)
	text  func(p *model.Point) string
}

func knob(f func(k *model.Knobs) int) func(p *model.Point, _, _ model.Axis) (float64, bool) {
	return func(p *model.Point, _, _ model.Axis) (float64, bool) {
		v := f(&p.Knobs)
		return float64(v), v != 0
	}
}

// fields are the filter's field names, in the order the help lists them.
var fields = []*field{
	{names: []string{"src", "source"}, help: "source (pub, local, planned, comp)", text: func(p *model.Point) string { return string(p.Source) }},
	{names: []string{"id"}, help: "point ID", text: func(p *model.Point) string { return p.ID }},
	{names: []string{"mode"}, help: "agg or disagg", text: func(p *model.Point) string { return string(p.Knobs.Mode) }},
	{names: []string{"bal"}, help: "DP balancing", text: func(p *model.Point) string { return p.Knobs.Balance }},
	{names: []string{"spec"}, help: "spec decoding", text: func(p *model.Point) string { return p.Knobs.SpecDecoding }},
	{names: []string{"np"}, help: "prefill workers", num: knob(func(k *model.Knobs) int { return k.Prefill.Workers })},
	{names: []string{"nd"}, help: "decode workers", num: knob(func(k *model.Knobs) int { return k.Decode.Workers })},
	{names: []string{"bs"}, help: "decode CUDA-graph BS", num: knob(func(k *model.Knobs) int { return k.DecodeBS })},
	{names: []string{"mrr"}, help: "max-running-requests", num: knob(func(k *model.Knobs) int { return k.MaxRunningRequests })},
	{names: []string{"c", "conc"}, help: "concurrency", num: knob(func(k *model.Knobs) int { return k.Concurrency })},
	{names: []string{"gpus"}, help: "GPUs", num: func(p *model.Point, _, _ model.Axis) (float64, bool) {
		g := p.GPUs()
		return float64(g), g > 0
	}},
	{names: []string{"y", "tput"}, help: "the y value", num: func(p *model.Point, _, y model.Axis) (float64, bool) { return p.Value(y.Metric) }},
	{names: []string{"x"}, help: "the x value", num: func(p *model.Point, x, _ model.Axis) (float64, bool) { return p.Value(x.Metric) }},
}

func lookupField(name string) *field {
	for _, f := range fields {
		for _, n := range f.names {
			if n == name {
				return f
			}
		}
	}
	return nil
}

// fieldNames lists the fields for an error message.
func fieldNames() string {
	var out []string
	for _, f := range fields {
		out = append(out, f.names[0])
	}
	return strings.Join(out, " ")
}

// parseQuery reads a filter; an empty one matches everything.
func parseQuery(s string) query {
	var q query
	for _, w := range strings.Fields(s) {
		t, err := parseTerm(w)
		if err != nil {
			if q.err == nil {
				q.err = err
			}
			continue
		}
		q.terms = append(q.terms, t)
	}
	return q
}

func parseTerm(w string) (term, error) {
	var t term
	if strings.HasPrefix(w, "!") && len(w) > 1 {
		t.neg, w = true, w[1:]
	}
	name, val, ok := strings.Cut(w, ":")
	if !ok {
		t.text = strings.ToLower(w)
		return t, nil
	}
	f := lookupField(strings.ToLower(name))
	if f == nil {
		return t, fmt.Errorf("unknown field %q (fields: %s)", name, fieldNames())
	}
	t.field = f
	if f.text != nil {
		t.text = strings.ToLower(val)
		return t, nil
	}
	return parseNumber(t, name, val)
}

// parseNumber reads =v, !=v, <v, <=v, >v, >=v, v (equal) or a..b (inclusive).
func parseNumber(t term, name, val string) (term, error) {
	bad := func() (term, error) {
		return t, fmt.Errorf("%s:%s: want a number, a comparison (>=96, <1000) or a range (96..192)", name, val)
	}
	if a, b, ok := strings.Cut(val, ".."); ok {
		x, err1 := number(a)
		y, err2 := number(b)
		if err1 != nil || err2 != nil {
			return bad()
		}
		t.op, t.a, t.b = "..", x, y
		return t, nil
	}
	t.op = "="
	for _, op := range []string{"!=", "<=", ">=", "=", "<", ">"} {
		if strings.HasPrefix(val, op) {
			t.op, val = op, val[len(op):]
			break
		}
	}
	v, err := number(val)
	if err != nil {
		return bad()
	}
	t.a = v
	return t, nil
}

// number reads 96, 1,000, 1k or 1.2M.
func number(s string) (float64, error) {
	s = strings.ReplaceAll(strings.TrimSpace(s), ",", "")
	mult := 1.0
	switch {
	case strings.HasSuffix(s, "k"), strings.HasSuffix(s, "K"):
		mult, s = 1e3, s[:len(s)-1]
	case strings.HasSuffix(s, "M"), strings.HasSuffix(s, "m"):
		mult, s = 1e6, s[:len(s)-1]
	}
	v, err := strconv.ParseFloat(s, 64)
	return v * mult, err
}

// match reports whether every term holds for p.
func (q query) match(p *model.Point, x, y model.Axis) bool {
	for i := range q.terms {
		if q.terms[i].holds(p, x, y) == q.terms[i].neg {
			return false
		}
	}
	return true
}

func (t *term) holds(p *model.Point, x, y model.Axis) bool {
	switch {
	case t.field == nil:
		return containsFold(p.ID, t.text) || containsFold(p.Label, t.text) || strings.Contains(string(p.Source), t.text)
	case t.field.text != nil:
		v := strings.ToLower(t.field.text(p))
		if n := t.field.names[0]; n == "src" || n == "mode" {
			return strings.HasPrefix(v, t.text) // src:pub, mode:agg (not disagg)
		}
		return strings.Contains(v, t.text)
	}
	v, ok := t.field.num(p, x, y)
	if !ok {
		return false // unknown never matches a number
	}
	switch t.op {
	case "!=":
		return v != t.a
	case "<":
		return v < t.a
	case "<=":
		return v <= t.a
	case ">":
		return v > t.a
	case ">=":
		return v >= t.a
	case "..":
		return v >= t.a && v <= t.b
	}
	return v == t.a
}

// containsFold is a case-insensitive Contains for an already lower-case
// needle, without allocating for ASCII haystacks.
func containsFold(s, lower string) bool {
	if lower == "" {
		return true
	}
	for i := 0; i+len(lower) <= len(s); i++ {
		j := 0
		for ; j < len(lower); j++ {
			c := s[i+j]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c != lower[j] {
				break
			}
		}
		if j == len(lower) {
			return true
		}
	}
	return false
}
