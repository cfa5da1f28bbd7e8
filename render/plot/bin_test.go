package plot

import (
	"fmt"
	"math"
	"math/rand"
	"slices"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// randomSeries is a few series of points crowded onto few values, so that
// many share a cell, with every kind, glyph and class, duplicate IDs and
// points without coordinates.
func randomSeries(r *rand.Rand) []Series { return randomSeriesUpTo(r, 3000) }

// randomSeriesUpTo is randomSeries of up to most points a series.
func randomSeriesUpTo(r *rand.Rand, most int) []Series {
	out := make([]Series, 1+r.Intn(4))
	kinds := []MarkKind{MarkFrontier, MarkDominated, MarkSelected, MarkRemoved, MarkPlanned, MarkSuspect}
	for si := range out {
		s := Series{Name: fmt.Sprint("s", si), Class: uint8(1 + r.Intn(6))}
		if r.Intn(2) == 0 {
			s.Glyph = '▲'
		}
		n := r.Intn(most)
		spread := 1 + r.Intn(200)
		for i := 0; i < n; i++ {
			p := PlotPoint{
				X:    float64(r.Intn(spread)) * (1 + r.Float64()/50),
				Y:    float64(r.Intn(spread)) * 10 * (1 + r.Float64()/50),
				ID:   fmt.Sprint("p", r.Intn(n+1)),
				Kind: kinds[r.Intn(len(kinds))],
			}
			switch r.Intn(40) {
			case 0:
				p.X = math.NaN()
			case 1:
				p.Y = math.Inf(1)
			case 2:
				p.X = -p.X // off a log scale
			case 3:
				p.Y = -p.Y
			case 4, 5, 6: // exactly where an earlier point is: ties at the extremes
				if i > 0 {
					q := s.Points[r.Intn(i)]
					p.X, p.Y = q.X, q.Y
				}
			}
			p.Frontier = r.Intn(20) == 0
			if r.Intn(5) == 0 {
				p.Glyph = '■'
			}
			if r.Intn(5) == 0 {
				p.Class = uint8(1 + r.Intn(6))
			}
			if r.Intn(3) == 0 {
				p.of = &model.Point{Label: fmt.Sprint("c", i)}
			}
			s.Points = append(s.Points, p)
		}
		out[si] = s
	}
	return out
}

// Binned drawing is unbinned drawing: the same lines, classes and, for a
// click on any cell, the same point; across selections, previews that
// move the scale and canvas sizes, with the bins reused where they can be.
func TestBinsPlotIsPlot(t *testing.T) { binsPlotIsPlot(t, 60, 3000) }

// The same of series large enough to be binned on both cores
// (parallelBins), whose halves' cells and extremes are merged.
func TestBinsPlotIsPlotLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("large series")
	}
	binsPlotIsPlot(t, 8, 6*parallelBins)
}

func binsPlotIsPlot(t *testing.T, trials, most int) {
	r := rand.New(rand.NewSource(24))
	large := 0
	for trial := 0; trial < trials; trial++ {
		series := randomSeriesUpTo(r, most)
		for _, s := range series {
			if len(s.Points) >= parallelBins {
				large++
			}
		}
		var b Bins
		opt := PlotOptions{Width: 10 + r.Intn(150), Height: 3 + r.Intn(50), X: model.DefaultXAxis, Y: model.AxisTputPerGPU,
			LogX: r.Intn(4) == 0, Labels: r.Intn(2) == 0}
		for step := 0; step < 6; step++ {
			var ids []string
			for _, s := range series {
				for _, p := range s.Points {
					ids = append(ids, p.ID)
				}
			}
			opt.Selected = ""
			if len(ids) > 0 && r.Intn(4) != 0 {
				opt.Selected = ids[r.Intn(len(ids))]
			}
			var extra []Series
			if r.Intn(2) == 0 {
				extra = []Series{{Name: "preview", Class: 3, Points: []PlotPoint{{X: r.Float64() * 400, Y: r.Float64() * 4000, ID: "preview", Kind: MarkPlanned, of: &model.Point{Label: "pv"}}}}}
			}
			if step == 3 {
				opt.Width, opt.Height = 10+r.Intn(150), 3+r.Intn(50)
			}
			all := append(slices.Clone(series), extra...)
			want := Plot(all, opt)
			got, drawn := b.Plot(series, 1, extra, opt)
			where := fmt.Sprintf("trial %d step %d (%dx%d log %v selected %q, %d extra)", trial, step, opt.Width, opt.Height, opt.LogX, opt.Selected, len(extra))
			if !slices.Equal(got.Lines, want.Lines) {
				t.Fatalf("%s: lines differ\nwant\n%s\ngot\n%s", where, want, got)
			}
			for row := range want.Class {
				if !slices.Equal(got.Class[row], want.Class[row]) {
					t.Fatalf("%s: classes of row %d differ", where, row)
				}
			}
			for k := 0; k < 300; k++ {
				row, col := r.Intn(opt.Height+2)-1, r.Intn(opt.Width+2)-1
				{
					wm, wok := want.Nearest(row, col, 3)
					gm, gok := got.Nearest(row, col, 3)
					if wok != gok || wok && (wm.Row != gm.Row || wm.Col != gm.Col ||
						all[wm.Series].Points[wm.Point] != drawn[gm.Series].Points[gm.Point]) {
						t.Fatalf("%s: a click at %d,%d finds %v %v, want %v %v", where, row, col, gm, gok, wm, wok)
					}
				}
			}
		}
	}
	if most > parallelBins && large == 0 {
		t.Fatal("no series was large enough to be binned on both cores")
	}
}

// Bins made ahead (Prepare, then Renumber to the caller's version) draw
// what Plot draws, on the canvas they were made for and on another.
func TestBinsPreparedArePlot(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	reused := 0
	for trial := 0; trial < 40; trial++ {
		series := randomSeries(r)
		opt := PlotOptions{Width: 30 + r.Intn(120), Height: 8 + r.Intn(40), X: model.DefaultXAxis, Y: model.AxisTputPerGPU, LogX: r.Intn(4) == 0}
		var b Bins
		b.Prepare(series, 0, opt)
		prepared := b
		b.Renumber(5)
		draw := opt
		if r.Intn(3) == 0 {
			draw.Width, draw.Height = 30+r.Intn(120), 8+r.Intn(40)
		}
		var extra []Series
		if r.Intn(3) == 0 {
			extra = []Series{{Name: "preview", Class: 3, Points: []PlotPoint{{X: r.Float64() * 400, Y: r.Float64() * 4000, ID: "preview", Kind: MarkPlanned, of: &model.Point{Label: "pv"}}}}}
		}
		got, _ := b.Plot(series, 5, extra, draw)
		want := Plot(append(slices.Clone(series), extra...), draw)
		if !slices.Equal(got.Lines, want.Lines) || !slices.EqualFunc(got.Class, want.Class, slices.Equal) {
			t.Fatalf("trial %d: prepared bins draw\n%s\nwant\n%s", trial, got, want)
		}
		if prepared.ok && b.ok && &b.out[0] == &prepared.out[0] {
			reused++ // the draw took the bins made ahead
		}
	}
	if reused == 0 {
		t.Fatal("no draw took the bins made ahead: the test did not check them")
	}
}

// withID finds every point with the ID, in order, in one part or in two
// (places on both sides of the split, the first and the last).
func TestWithIDFindsEveryPlaceInOrder(t *testing.T) {
	for _, n := range []int{0, 5, parallelBins - 1, 2*parallelBins + 3} {
		pts := make([]PlotPoint, n)
		var want []int32
		for i := range pts {
			pts[i].ID = "other-id"
			if i == 0 || i == n-1 || i%977 == 3 || i == n/2 {
				pts[i].ID = "the-id-x"
				if len(want) == 0 || want[len(want)-1] != int32(i) {
					want = append(want, int32(i))
				}
			}
		}
		if got := withID(pts, "the-id-x"); !slices.Equal(got, want) {
			t.Fatalf("%d points: found at %v, want %v", n, got, want)
		}
	}
}
