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
}

// WriteCurvesCSV writes the points table of the curves: one row per point
// (its label, or its shape and concurrency) with the chosen x and y at
// full precision (empty when absent) and its
// status on the curve: "hull vertex", "frontier" (under the hull),
// "dominated", or "" without both metrics.
func WriteCurvesCSV(w io.Writer, x, y model.Axis, curves []CSVCurve) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"curve", "id", "label", "source", "date", "gpus", "concurrency", x.Name, y.Name, "status"})
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
			case both:
				status = "dominated"
			}
			label := p.Label // whole: the CSV is data, not a screen
			if label == "" {
				label = p.DisplayLabel()
			}
			cw.Write([]string{cell(c.Key.String()), cell(p.ID), cell(label), cell(string(p.Source)), cell(p.Prov.Date),
				positive(p.GPUs()), positive(p.Knobs.Concurrency), value(p, x.Metric), value(p, y.Metric), status})
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
