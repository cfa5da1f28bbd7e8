package render

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render/plot"
	"github.com/sweeptune/sweeptune/sources/srt"
)

// ReportCurve is one curve of the report: its points and, per point,
// whether it is on the frontier of the chosen axes and a vertex of the
// upper concave hull.
type ReportCurve struct {
	Key        model.CurveKey
	Points     []model.Point
	OnFrontier []bool
	HullVertex []bool
	// Gate is the dashboard's North-star gate on an AgentX curve: the
	// frontier marked is the one it draws; NotDrawn gives, per point of
	// the plain Pareto frontier it leaves out, why ("" otherwise).
	Gate     model.NorthStarGate
	NotDrawn []string
	// RunLength is the curve's run-length projection (factors per metric
	// with their pairs and spread, short runs projected or left out); nil
	// when the curve has no short run (report --json's run_length).
	RunLength *model.Projection
}

// Projections is the curve's run-length projection as a list (none
// without a short run), what ShortRunFlag and RunLengthLegend take.
func (rc ReportCurve) Projections() []model.Projection {
	if rc.RunLength == nil {
		return nil
	}
	return []model.Projection{*rc.RunLength}
}

// MarkCurve marks a curve's frontier (as the dashboard draws it: the
// North-star gate on an AgentX curve) and hull vertices on x and y.
func MarkCurve(c model.Curve, x, y model.Axis) ReportCurve {
	rc := ReportCurve{Key: c.Key, Points: c.Points,
		OnFrontier: make([]bool, len(c.Points)), HullVertex: make([]bool, len(c.Points))}
	front, gate := model.DashboardFrontier(c.Points, x, y)
	for _, i := range front {
		rc.OnFrontier[i] = true
	}
	rc.Gate = gate
	if gate.Shown && len(gate.NotDrawn) > 0 {
		rc.NotDrawn = make([]string, len(c.Points))
		for _, n := range gate.NotDrawn {
			rc.NotDrawn[n.Index] = n.Reason
		}
	}
	for _, i := range model.HullVertices(c.Points, x, y) {
		rc.HullVertex[i] = true
	}
	return rc
}

// ReportOptions are the report's axes and plot size.
type ReportOptions struct {
	X, Y          model.Axis
	Width, Height int // the plot's, in cells
	LogX          bool
}

// Report is every curve's points table and its plot of y against x, each
// competitor curve comparable with it drawn beside it.
func Report(curves []ReportCurve, o ReportOptions) Doc {
	var d Doc
	if len(curves) == 0 {
		d.Add(S(Muted, "no points loaded"))
	}
	rivals := newReportRivals(curves)
	for _, rc := range curves {
		d.Append(reportCurveDoc(rc, rivals, o))
	}
	return d
}

// reportCurveDoc is one curve's part of the report, its blank line after
// it included.
func reportCurveDoc(rc ReportCurve, rivals reportRivals, o ReportOptions) Doc {
	var d Doc
	d.Add(S(Bold, rc.Key.String()))
	t, onX, onXY := PointsTable(rc, o.X, o.Y)
	d.Table(t)
	reportCurveTail(&d, rc, rivals, o, onX, onXY)
	return d
}

// reportCurveTail appends what follows a curve's table: the legends, then
// its plot or why there is none, and the blank line after the curve.
func reportCurveTail(d *Doc, rc ReportCurve, rivals reportRivals, o ReportOptions, onX, onXY int) {
	d.Lines = append(d.Lines, NorthStarLegend(rc.Gate)...)
	d.Lines = append(d.Lines, RunLengthLegend(rc.Points, rc.Projections(), o.Y.Metric, o.X.Metric)...)
	d.Lines = append(d.Lines, ShortRunLegend(rc.Points, rc.Projections())...)
	switch {
	case onX == 0:
		d.Addf(Muted, "(no point of this curve has %s: nothing to plot)", o.X.Name)
	case onXY == 0:
		d.Addf(Muted, "(no point of this curve has both %s and %s: nothing to plot)", o.X.Name, o.Y.Name)
	default:
		series := plot.CurveSet(model.Curve{Key: rc.Key, Points: rc.Points}, model.GroupCurves(rivals.of(rc.Key)), o.X, o.Y, false, nil)
		d.Blank()
		d.Append(Plot(series, plot.PlotOptions{Width: o.Width, Height: o.Height, X: o.X, Y: o.Y, LogX: o.LogX}))
	}
	d.Lines = append(d.Lines, nil) // one blank line after every curve
}

// reportRivals are the competitor points of the report's curves by their
// curve's base (model.SameBase), in load order: the only points another
// curve's plot draws. A curve's are found in its base's list, not in
// every curve's competitors (curves × competitors on many curves).
type reportRivals map[model.CurveKey][]model.Point

func newReportRivals(curves []ReportCurve) reportRivals {
	rivals := reportRivals{}
	for _, c := range curves {
		for _, p := range model.WithSource(c.Points, model.SourceCompetitor) {
			b := baseKey(p.Curve)
			rivals[b] = append(rivals[b], p)
		}
	}
	return rivals
}

// of is model.Rivals of the competitors for curve k: those of its base on
// other curves.
func (r reportRivals) of(k model.CurveKey) []model.Point {
	return model.Rivals(r[baseKey(k)], k, func(p *model.Point) bool { return p.Curve != k })
}

// baseKey is k with only the fields model.SameBase compares.
func baseKey(k model.CurveKey) model.CurveKey {
	return model.CurveKey{Model: k.Model, Scenario: k.Scenario, Hardware: k.Hardware, Precision: k.Precision}
}

// PointsTable is a curve's points: ID, source, date (when any point has
// one), GPUs, concurrency, decode cap, y, x and frontier status; onX and
// onXY count the points with x, and with x and y.
func PointsTable(rc ReportCurve, x, y model.Axis) (t Table, onX, onXY int) {
	var c cells
	header, right, onX, onXY := pointsTableCells(&c, rc, x, y)
	return c.table(header, right), onX, onXY
}

// pointsTableCells words PointsTable's rows into c and gives its header
// and right-aligned columns.
func pointsTableCells(c *cells, rc ReportCurve, x, y model.Axis) (header []string, right []bool, onX, onXY int) {
	dated := false
	text := 0 // the cells' bytes, about: the strings, and 64 bytes of numbers and marks a row
	for i := range rc.Points {
		p := &rc.Points[i]
		dated = dated || p.Prov.Date != ""
		text += len(p.ID) + len(p.Source) + len(p.Prov.Date) + 64
	}
	header = []string{"ID", "source", "GPUs", "conc", "BS", y.Name, x.Name, "on frontier"}
	right = []bool{false, false, true, true, true, true, true, false}
	if dated {
		header = append(header[:2:2], append([]string{"date"}, header[2:]...)...)
		right = append(right[:2:2], append([]bool{false}, right[2:]...)...)
	}
	c.reset(len(header), len(rc.Points), text)
	projs := rc.Projections()
	for i := range rc.Points {
		p := &rc.Points[i]
		c.add(p.ID)
		c.add(string(p.Source))
		if dated {
			c.add(model.OrDash(p.Prov.Date))
		}
		c.intCell(p.GPUs())
		c.intCell(p.Knobs.Concurrency)
		c.intCell(p.Knobs.DecodeBS)
		hasY := c.valueCell(p, y.Metric)
		hasX := c.valueCell(p, x.Metric)
		if hasX {
			onX++
			if hasY {
				onXY++
			}
		}
		c.frontierCell(rc, i, p, projs)
	}
	return header, right, onX, onXY
}

// frontierCell is point i's "on frontier" cell: its suspect or short-run
// flag, then where it stands on the frontier and hull.
func (c *cells) frontierCell(rc ReportCurve, i int, p *model.Point, projs []model.Projection) {
	start := len(c.buf)
	marked := func() bool { return len(c.buf) > start }
	if sus := SuspectMark(p); sus != "" {
		c.buf = append(c.buf, sus...) // held out of the geometry: no frontier mark either, unless admitted
		if rc.OnFrontier[i] {
			c.buf = append(c.buf, ", "...)
		}
	} else if !rc.OnFrontier[i] {
		c.buf = append(c.buf, ShortRunFlag(p, projs)...)
	}
	if rc.OnFrontier[i] {
		c.buf = append(c.buf, "frontier"...)
		if rc.HullVertex[i] {
			c.buf = append(c.buf, ", hull vertex"...)
		} else {
			c.buf = append(c.buf, ", under hull"...)
		}
	} else if rc.NotDrawn != nil && rc.NotDrawn[i] != "" {
		if marked() {
			c.buf = append(c.buf, ", "...)
		}
		c.buf = append(c.buf, "Pareto, not drawn: "...)
		c.buf = append(c.buf, notDrawnShort(rc.NotDrawn[i])...)
	}
	c.end()
}

// intCell is a count with thousands separators, the dash for none.
func (c *cells) intCell(v int) {
	if v == 0 {
		c.add(model.Dash)
		return
	}
	c.buf = model.AppendThousands(c.buf, float64(v), 0)
	c.end()
}

// valueCell is ValueCell(p, m); false when p has no m.
func (c *cells) valueCell(p *model.Point, m model.Metric) bool {
	v, ok := p.Value(m)
	if !ok {
		c.add(model.Dash)
		return false
	}
	if p.Prov.Projected() {
		c.buf = append(c.buf, ProjectedMark+" "...)
	}
	c.buf = model.AppendFormatValue(c.buf, m, v)
	c.end()
	return true
}

// Compare is every curve's gain over the other curves' frontier at the
// same x (other names what they were chosen by); a gain no larger than its
// curve's run-to-run noise (noise, by curve) says "within noise (±x %, n
// pairs)" beside it, and each curve's table ends with its spread.
//
// A projected point's values carry "≈" and the table ends with the factors
// (projs: the view's run-length projections); a short run not projected is
// flagged.
func Compare(other string, x, y model.Axis, curves []model.CurveGains, noise map[model.CurveKey]model.Noise, projs []model.Projection) Doc {
	var c cells
	return compareDoc(other, x, y, curves, noise, projs, func(d *Doc, cg model.CurveGains, mn model.MetricNoise) []float64 {
		header, right, shortS := compareCells(&c, cg, x, y, mn)
		d.Table(c.table(header, right))
		return shortS
	})
}

// compareDoc is Compare's document, each curve's table of gains added by
// table, which gives the projected points' own lengths.
func compareDoc(other string, x, y model.Axis, curves []model.CurveGains, noise map[model.CurveKey]model.Noise, projs []model.Projection,
	table func(d *Doc, c model.CurveGains, mn model.MetricNoise) []float64) Doc {
	var d Doc
	d.Addf(Accent, "Gain over --other %s at the same %s, its frontier read two ways (never extrapolated):", other, x.Name)
	d.Addf(Muted, "linear (the PR text's) and the dashboard's monotone cubic (Steffen, as InferenceX draws and reads a curve)")
	rows, skipped := 0, 0
	for _, c := range curves {
		skipped += c.Skipped
		if len(c.Gains) == 0 {
			continue
		}
		rows += len(c.Gains)
		d.Blank()
		d.Add(S(Muted, "curve: "), S(Bold, c.Curve.String()))
		mn, _ := noise[c.Curve].For(y.Metric)
		shortS := table(&d, c, mn)
		d.Lines = append(d.Lines, compareLegend(c, shortS, projs, y.Metric, x.Metric)...)
		if noise != nil {
			d.Add(CurveNoiseLine(noise[c.Curve], y.Metric)...)
		}
	}
	if rows == 0 {
		d.Blank()
		d.Addf(Muted, "No point has both %s and %s.", x.Name, y.Name)
	}
	if skipped > 0 {
		d.Blank()
		d.Addf(Muted, "%d points without %s or %s are not compared.", skipped, x.Name, y.Name)
	}
	return d
}

// compareCells words a curve's gains into c (every row with its note
// cell, "" for none) and gives the table's header (the note's column only
// when a row has a note), its right-aligned columns and the projected
// points' own lengths.
func compareCells(c *cells, cg model.CurveGains, x, y model.Axis, mn model.MetricNoise) (header []string, right []bool, shortS []float64) {
	header = []string{"point", x.Name, y.Name, "other (linear)", "gain (linear)", "other (dashboard)", "gain (dashboard)"}
	right = []bool{false, true, true, true, true, true, true}
	c.reset(len(header)+1, len(cg.Gains), len(cg.Gains)*96)
	within := WithinNoise(mn)
	noted := false
	for _, g := range cg.Gains {
		c.add(g.ID)
		c.gainValue(x.Metric, g.X, g.ProjectedFromS > 0)
		c.gainValue(y.Metric, g.Y, g.ProjectedFromS > 0)
		if g.ProjectedFromS > 0 {
			shortS = append(shortS, g.ProjectedFromS)
		}
		if g.HasOther {
			c.buf = model.AppendThousands(c.buf, g.Other, 2)
			c.end()
			c.buf = appendSignedPct(c.buf, g.GainPct)
			c.end()
			c.buf = model.AppendThousands(c.buf, g.Dashboard, 2)
			c.end()
			c.buf = appendSignedPct(c.buf, g.DashboardPct)
			c.end()
		} else { // no value outside the other curve's range
			for range 4 {
				c.add(model.Dash)
			}
		}
		start := len(c.buf)
		switch {
		case g.WithinNoise && g.DashboardWithinNoise:
			c.buf = append(c.buf, within...)
		case g.WithinNoise:
			c.buf = append(append(c.buf, "linear "...), within...)
		case g.DashboardWithinNoise:
			c.buf = append(append(c.buf, "dashboard's "...), within...)
		case g.NotProjected != "":
			c.buf = append(c.buf, ShortRunText(g.ShortRunS, g.NotProjected)...)
		}
		if g.NotDrawn != "" {
			if len(c.buf) > start {
				c.buf = append(c.buf, "; "...)
			}
			c.buf = append(c.buf, "the dashboard would not draw it: "...)
			c.buf = append(c.buf, notDrawnShort(g.NotDrawn)...)
		}
		noted = noted || len(c.buf) > start
		c.end()
	}
	if noted {
		header, right = append(header, ""), append(right, false)
	}
	return header, right, shortS
}

// gainValue is a gain's x or y cell: "≈ " before a projected point's.
func (c *cells) gainValue(m model.Metric, v float64, projected bool) {
	if projected {
		c.buf = append(c.buf, ProjectedMark+" "...)
	}
	c.buf = model.AppendFormatValue(c.buf, m, v)
	c.end()
}

// Recipes is one table per recipe file, one row per variant.
func Recipes(vs []srt.Variant) Doc {
	var d Doc
	if len(vs) == 0 {
		d.Add(S(Muted, "no recipe variants found: no srt-slurm recipe among the files read (results, master configs and changelogs are passed over)"))
		return d
	}
	for start := 0; start < len(vs); {
		end := start + 1
		for end < len(vs) && vs[end].File == vs[start].File {
			end++
		}
		d.Blank()
		d.Add(S(Bold, vs[start].File), P(fmt.Sprintf(" (%s, %s)", vs[start].Engine, model.Plural(end-start, "variant"))))
		t := Table{Header: []string{"SELECTOR", "NAME", "MODE", "PREFILL", "DECODE", "GPUS", "BS", "MRR", "SPEC", "CONCURRENCY"},
			Right: []bool{false, false, false, false, false, true, true, true, false, false}}
		for _, v := range vs[start:end] {
			k := v.Knobs
			decode := model.Dash
			if k.Mode == model.ModeDisagg {
				decode = roleCell(k.Decode)
			}
			t.AddRow(model.OrDash(v.Override), v.Name, string(k.Mode), roleCell(k.Prefill), decode,
				countCell(k.GPUs()), countCell(k.DecodeBS), countCell(k.MaxRunningRequests), model.OrDash(k.SpecDecoding),
				concCell(v.Concurrencies))
		}
		d.Table(t)
		start = end
	}
	return d
}

// roleCell is "3 × dep4 (4 GPUs)": workers, parallelism, GPUs per worker.
func roleCell(r model.Role) string {
	cell := fmt.Sprintf("%d × %s", r.Workers, r.Parallelism())
	if r.GPUs > 0 {
		cell += " (" + model.Plural(r.GPUs, "GPU") + ")"
	}
	return cell
}

func countCell(n int) string {
	if n <= 0 {
		return model.Dash
	}
	return strconv.Itoa(n)
}

func concCell(cs []int) string {
	if len(cs) == 0 {
		return model.Dash
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = strconv.Itoa(c)
	}
	return strings.Join(parts, ",")
}

// compareLegend is RunLengthLegend for a curve's gains: one line per
// length its projected points were run at.
func compareLegend(c model.CurveGains, shortS []float64, projs []model.Projection, metrics ...model.Metric) []Line {
	var pts []model.Point
	for _, s := range shortS {
		if !slices.ContainsFunc(pts, func(p model.Point) bool { return p.Prov.ProjectedFromS == s }) {
			pts = append(pts, model.Point{Curve: c.Curve, Prov: model.Provenance{ProjectedFromS: s}})
		}
	}
	return RunLengthLegend(pts, projs, metrics...)
}
