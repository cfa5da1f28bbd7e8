package points

import (
	"cmp"
	"github.com/sweeptune/sweeptune/tui/workbench"
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/table"
	"github.com/sweeptune/sweeptune/internal/par"
	"github.com/sweeptune/sweeptune/internal/radix"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render"
)

// Sortable columns, in the order s cycles them.
const (
	colID = iota + 1
	colSource
	colGPUs
	colConc
	colY
	colX
	colStatus
	colGain
	numCols
)

// colWidths are the fixed columns' widths; the point column takes the rest.
var colWidths = [numCols]int{2, 0, 10, 4, 6, 9, 12, 6, 8}

// dropOrder is which columns go first when the pane is narrow.
var dropOrder = []int{colGPUs, colConc, colSource, colGain, colStatus}

// Status of a point on its curve, as the table shows it.
const (
	statusHull  = "hull"  // a vertex of the upper concave hull (and on the frontier)
	statusFront = "front" // on the frontier, under the hull
	statusDom   = "dom"   // under the frontier
	// statusShort: a short run shown as measured (no run-length factor):
	// on no frontier (docs/noise.md).
	statusShort = "short"
	statusSus   = "suspect" // held out by the validity gate (! brings it in)
)

// extra is what a row shows beyond the point: its status on the curve and
// its gain against the first overlay.
type extra struct {
	status  string
	gain    float64
	hasGain bool
}

// columns fits the columns to w cells (each cell has one cell of padding
// on the right); narrow panes hide GPUs, C, source, gain and status, in
// that order, to give the point column idW cells (neededWidth).
// The gain column shows only when gains are asked for.
// With projected runs in the view (their values carry "≈ " and, being
// products, decimals), x is two cells wider and y five.
func columns(x, y model.Axis, w, idW, sortCol int, desc, gains, projected bool) []table.Column {
	titles := [numCols]string{"", "point", "source", "GPUs", "C", ShortY(y), x.Name, "status", "gain"}
	widths := colWidths
	if projected {
		widths[colY] += 5
		widths[colX] += 2
	}
	if !gains {
		widths[colGain] = 0
	}
	minID := idW
	used := func() int {
		n := 0
		for i, cw := range widths {
			if i != colID && cw > 0 {
				n += cw + 1
			}
		}
		return n
	}
	order := dropOrder
	if gains {
		// Asked for, the gains stay longer than the status.
		order = []int{colGPUs, colConc, colSource, colStatus, colGain}
	}
	for _, c := range order {
		if w-used()-1 >= minID {
			break
		}
		widths[c] = 0
	}
	widths[colID] = max(w-used()-1, 4)
	cols := make([]table.Column, numCols)
	for i := range titles {
		t := titles[i]
		if i == sortCol && i != 0 {
			if desc {
				t += "▼"
			} else {
				t += "▲"
			}
		}
		cols[i] = table.Column{Title: t, Width: widths[i]}
	}
	return cols
}

// sortKey is what column sortCol sorts row i by: a number, or a text, and
// whether the row has it (rows without come last).
func sortKey(all []*model.Point, ex []extra, x, y model.Axis, sortCol int) func(i int) (float64, string, bool) {
	return func(i int) (float64, string, bool) {
		p := all[i]
		switch sortCol {
		case colSource:
			return 0, string(p.Source), true
		case colGPUs:
			return float64(p.GPUs()), "", true
		case colConc:
			return float64(p.Knobs.Concurrency), "", true
		case colY:
			v, ok := p.Value(y.Metric)
			return v, "", ok
		case colX:
			v, ok := p.Value(x.Metric)
			return v, "", ok
		case colStatus:
			return -statusRank(ex[i].status), "", ex[i].status != ""
		case colGain:
			return ex[i].gain, "", ex[i].hasGain
		}
		return 0, p.ID, true
	}
}

// axisValues are a view's points' values on x and y as the view's pass
// read them: coordinates, and the rest of the points' values (all of them
// when all is true: a point in neither has neither value).
type axisValues struct {
	coords []model.XYPoint
	rest   []workbench.Partial
	all    bool
}

// order returns the indices of the points that pass the filter, sorted;
// vals, when given, are the points' values on x, y (the view's geometry),
// which the x and y columns sort by without reading the points: a point
// lies a page from the next in a view at a million rows, and a fifth of an
// every-run view's have no coordinates.
func order(all []*model.Point, ex []extra, q query, x, y model.Axis, sortCol int, desc bool, vals axisValues) []int {
	return sortRows(matching(all, q, x, y), all, ex, x, y, sortCol, desc, vals)
}

// sortRows sorts idx, the indices of the points that pass the filter in
// ascending order, as order does; it reuses idx's room.
func sortRows(idx []int, all []*model.Point, ex []extra, x, y model.Axis, sortCol int, desc bool, vals axisValues) []int {
	key := sortKey(all, ex, x, y, sortCol)
	if sortCol == colSource || sortCol == colID || sortCol <= 0 || sortCol >= numCols {
		return orderByText(idx, key, desc)
	}
	// A number column: each row's value becomes an integer key, in the
	// order cmp.Compare puts the values (reversed when descending), and a
	// stable radix sort of the keys keeps the rows' own order on ties;
	// rows without a value go last either way, in the same order.
	ks, miss := make([]uint64, 0, len(idx)), make([]uint64, 0)
	is, missI := make([]int32, 0, len(idx)), make([]int32, 0)
	coords, rest := vals.coords, vals.rest
	if sortCol != colX && sortCol != colY {
		coords, rest, vals.all = nil, nil, false
	}
	ci, ri := 0, 0 // coords, rest and idx all ascend by index
	for _, i := range idx {
		for ci < len(coords) && coords[ci].Index < i {
			ci++
		}
		for ri < len(rest) && rest[ri].Index < i {
			ri++
		}
		var v float64
		var ok bool
		switch {
		case ci < len(coords) && coords[ci].Index == i && sortCol == colX:
			v, ok = coords[ci].X, true
		case ci < len(coords) && coords[ci].Index == i:
			v, ok = coords[ci].Y, true
		case ri < len(rest) && rest[ri].Index == i && sortCol == colX:
			v, ok = rest[ri].X, rest[ri].HasX
		case ri < len(rest) && rest[ri].Index == i:
			v, ok = rest[ri].Y, rest[ri].HasY
		case vals.all:
			// neither value: key(i) would find none
		default:
			v, _, ok = key(i)
		}
		k := radix.FloatKey(v)
		if desc {
			k = ^k
		}
		if ok {
			ks, is = append(ks, k), append(is, int32(i))
		} else {
			miss, missI = append(miss, k), append(missI, int32(i))
		}
	}
	radix.Sort(ks, is)
	radix.Sort(miss, missI)
	idx = idx[:0]
	for _, i := range is {
		idx = append(idx, int(i))
	}
	for _, i := range missI {
		idx = append(idx, int(i))
	}
	return idx
}

// orderByText sorts idx by key's text (then value), rows without one last,
// ties in the rows' own order.
func orderByText(idx []int, key func(int) (float64, string, bool), desc bool) []int {
	// Each row's key is read once, not once per comparison.
	type keyed struct {
		v  float64
		s  string
		ok bool
		i  int
	}
	ks := make([]keyed, len(idx))
	for j, i := range idx {
		v, s, ok := key(i)
		ks[j] = keyed{v, s, ok, i}
	}
	// A stable sort, as the rows' own order breaks ties: pdqsort with the
	// index as the last key sorts the same, in O(n log n).
	slices.SortFunc(ks, func(a, b keyed) int {
		if a.ok != b.ok {
			if a.ok {
				return -1 // missing values last either way
			}
			return 1
		}
		c := cmp.Compare(a.v, b.v)
		if c == 0 {
			c = strings.Compare(a.s, b.s)
		}
		if desc {
			c = -c
		}
		if c == 0 {
			return cmp.Compare(a.i, b.i)
		}
		return c
	})
	for j := range ks {
		idx[j] = ks[j].i
	}
	return idx
}

func statusRank(s string) float64 {
	switch s {
	case statusHull:
		return 0
	case statusFront:
		return 1
	case statusDom:
		return 2
	case statusShort:
		return 3
	case statusSus:
		return 5
	}
	return 4
}

func row(p *model.Point, ex extra, x, y model.Axis) table.Row {
	gpus := "–"
	if g := p.GPUs(); g > 0 {
		gpus = strconv.Itoa(g)
	}
	gain := model.Dash
	if ex.hasGain {
		gain = strconv.FormatFloat(ex.gain, 'f', 2, 64) + "%"
		if ex.gain >= 0 {
			gain = "+" + gain
		}
	}
	return table.Row{"", p.ID, string(p.Source), gpus, conc(p), num(p, y.Metric), num(p, x.Metric), model.OrDash(ex.status), gain}
}

func conc(p *model.Point) string {
	if p.Knobs.Concurrency == 0 {
		return model.Dash
	}
	return model.Thousands(float64(p.Knobs.Concurrency), 0)
}

// num is a value as the table shows it: "≈ " before a projected run's.
func num(p *model.Point, m model.Metric) string { return render.ValueCell(p, m) }

// hasProjected reports whether some point of the view is a projected run.
func hasProjected(view []model.Point) bool {
	for i := range view {
		if view[i].Prov.Projected() {
			return true
		}
	}
	return false
}

// glyph is the first column: › on the cursor row (selection shows in
// shape, not only in colour), then × for a removal mark or ◇ for a point
// going into the export (planned, or measured and added with a).
func glyph(cursor, marked, exported bool) string {
	c := " "
	if cursor {
		c = "›"
	}
	switch {
	case marked:
		return c + "×"
	case exported:
		return c + "◇"
	}
	return c + " "
}

// ShortY is a y metric's column title: tput/GPU, out/GPU, in/GPU,
// tok/s/MW, $/Mtok.
func ShortY(y model.Axis) string {
	switch y.Metric {
	case model.TputPerGPU:
		return "tput/GPU"
	case model.OutputTputPerGPU:
		return "out/GPU"
	case model.InputTputPerGPU:
		return "in/GPU"
	case model.TputPerMW:
		return "tok/s/MW"
	case model.CostPerMTok:
		return "$/Mtok"
	}
	return y.Name
}

// matching is the indices of all's points q keeps, in order. A large view
// is read in two halves on both cores: a filter's letter at 83,000 points
// read them for 40–50 ms on one (each point's ID and label lie apart).
func matching(all []*model.Point, q query, x, y model.Axis) []int {
	idx := make([]int, 0, len(all))
	var upper []int
	par.Halves(len(all), 8192, func(lo, hi int) {
		out := &idx // the first half fills idx within its room
		if lo > 0 {
			upper = make([]int, 0, hi-lo)
			out = &upper
		}
		for i := lo; i < hi; i++ {
			if q.match(all[i], x, y) {
				*out = append(*out, i)
			}
		}
	})
	return append(idx, upper...)
}
