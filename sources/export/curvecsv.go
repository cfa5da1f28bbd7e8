package export

import (
	"encoding/csv"
	"io"
	"strconv"
	"strings"

	"github.com/sweeptune/sweeptune/model"
)

// CSVCurve is one curve's points with their frontier and hull flags on the
// chosen axes (index-aligned with Points).
type CSVCurve struct {
	Key        model.CurveKey
	Points     []model.Point
	OnFrontier []bool
	HullVertex []bool
	// Projections are the curve's run-length projections, for why a short
	// run is not projected (model.NotProjectedWhy).
	Projections []model.Projection
}

// WriteCurvesCSV writes the points table of the curves: one row per point
// (its label, or its shape and concurrency) with the chosen x and y at
// full precision (empty when absent) and its
// status on the curve: "hull vertex", "frontier" (under the hull),
// "dominated", "short run" (shown as measured, on no frontier) or ""
// without both metrics; then every knob of the point (knobColumns), so a
// points or removal table can be built from the CSV. A knob no input states
// is an empty cell, never a derived guess. Last, the run length
// (docs/noise.md): a projected run's own length and measured x and y
// (run-s is then the length it is projected to), a short run not
// projected, why.
func WriteCurvesCSV(w io.Writer, x, y model.Axis, curves []CSVCurve) error {
	cw := csv.NewWriter(w)
	head := append([]string{"curve", "id", "label", "source", "date", "gpus", "concurrency", x.Name, y.Name, "status"}, knobColumns...)
	cw.Write(append(head, "projected_from_s", "raw "+x.Name, "raw "+y.Name, "not_projected"))
	for _, c := range curves {
		for i := range c.Points {
			p := &c.Points[i]
			_, _, both := p.XY(x, y)
			status := ""
			switch {
			case i < len(c.OnFrontier) && c.OnFrontier[i] && i < len(c.HullVertex) && c.HullVertex[i]:
				status = "hull vertex"
			case i < len(c.OnFrontier) && c.OnFrontier[i]:
				status = "frontier"
			case both && p.Prov.RawShort():
				status = "short run"
			case both:
				status = "dominated"
			}
			label := p.Label // whole: the CSV is data, not a screen
			if label == "" {
				label = p.DisplayLabel()
			}
			knobs := knobCells(p)
			for k := range knobs {
				knobs[k] = cell(knobs[k])
			}
			from, rawX, rawY := "", "", ""
			if p.Prov.Raw != nil {
				raw := model.Point{Metrics: *p.Prov.Raw}
				from, rawX, rawY = strconv.FormatFloat(p.Prov.ProjectedFromS, 'f', -1, 64), value(&raw, x.Metric), value(&raw, y.Metric)
			}
			row := append([]string{cell(c.Key.String()), cell(p.ID), cell(label), cell(string(p.Source)), cell(p.Prov.Date),
				positive(p.GPUs()), positive(p.Knobs.Concurrency), value(p, x.Metric), value(p, y.Metric), status}, knobs...)
			cw.Write(append(row, from, rawX, rawY, model.NotProjectedWhy(p, c.Projections)))
		}
	}
	cw.Flush()
	return cw.Error()
}

// cell defuses a text cell a spreadsheet would run as a formula (one
// starting with =, +, -, @, a tab or a carriage return) with a leading
// quote, as OWASP advises; a cell that is a plain number (-0.5) stays one.
func cell(s string) string {
	if s == "" || !strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return s
	}
	if _, err := strconv.ParseFloat(s, 64); err == nil {
		return s
	}
	return "'" + s
}

func value(p *model.Point, m model.Metric) string {
	v, ok := p.Value(m)
	if !ok {
		return ""
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

func positive(n int) string {
	if n <= 0 {
		return ""
	}
	return strconv.Itoa(n)
}

// knobColumns are the knob columns after the status, in this order.
var knobColumns = []string{"mode",
	"prefill-workers", "prefill", "prefill-gpus", "prefill-nodes",
	"decode-workers", "decode", "decode-gpus", "decode-nodes",
	"decode-bs", "max-running-requests", "extra-slots", "balance", "spec-decoding",
	"run-s", "file", "image", "recipe"}

// knobCells are a point's knob cells: workers, parallelism (dep2, tp4) and
// GPUs per worker of each role (the agg worker in the prefill columns, as
// the master config has it), decode caps, balancing, the run's length and
// where the point came from.
func knobCells(p *model.Point) []string {
	k := p.Knobs
	role := func(r model.Role, known bool) []string {
		if !known || r.Workers <= 0 && r.GPUs <= 0 && r.TP <= 0 {
			return []string{"", "", "", ""}
		}
		return []string{positive(r.Workers), r.Parallelism(), positive(r.GPUs), positive(r.Nodes)}
	}
	out := []string{string(k.Mode)}
	out = append(out, role(k.Prefill, k.Mode != "")...)
	out = append(out, role(k.Decode, k.Mode == model.ModeDisagg)...)
	run := ""
	if p.Prov.DurationS > 0 {
		run = strconv.FormatFloat(p.Prov.DurationS, 'f', -1, 64)
	}
	recipe := p.Prov.Recipe
	if p.Prov.RecipeVariant != "" {
		recipe += ":" + p.Prov.RecipeVariant
	}
	return append(out, positive(k.DecodeBS), positive(k.MaxRunningRequests), positive(k.DecodeExtraSlots), k.Balance,
		k.SpecDecoding, run, p.Prov.File, p.Prov.Image, recipe)
}
