package plot

import (
	"flag"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/demo"
)

var update = flag.Bool("update", false, "rewrite golden files")

var xAxis, yAxis = model.AxisMeanIntvty, model.AxisTputPerGPU

func checkFrame(t *testing.T, c Canvas, w, h int) {
	t.Helper()
	if len(c.Lines) != h || len(c.Class) != h {
		t.Fatalf("%d lines, %d class rows; want %d", len(c.Lines), len(c.Class), h)
	}
	for i, l := range c.Lines {
		if n := utf8.RuneCountInString(l); n != w || len(c.Class[i]) != w {
			t.Fatalf("line %d is %d cells (%d classes), want %d: %q", i, n, len(c.Class[i]), w, l)
		}
	}
}

// cell returns the rune at row r, column c.
func cell(c Canvas, r, col int) rune { return []rune(c.Lines[r])[col] }

func TestPlotPlacesMarkersOnAsciigraphsScale(t *testing.T) {
	s := []Series{{Name: "local", Class: 3, Points: []PlotPoint{
		{X: 0, Y: 0, ID: "a", Kind: MarkFrontier, Frontier: true},
		{X: 10, Y: 100, ID: "b", Kind: MarkFrontier, Frontier: true},
		{X: 5, Y: 20, ID: "c", Kind: MarkDominated},
	}}}
	const w, h = 60, 13
	c := Plot(s, PlotOptions{Width: w, Height: h, X: xAxis, Y: yAxis, Selected: "c"})
	checkFrame(t, c, w, h)
	prefix := yLabelWidth + 3
	cols := w - prefix - 1
	body := h - 3 // asciigraph rows - 1
	if got := cell(c, 0, prefix+cols-1); got != '●' {
		t.Errorf("top-right marker %q\n%s", got, c)
	}
	if got := cell(c, body, prefix); got != '●' {
		t.Errorf("bottom-left marker %q\n%s", got, c)
	}
	// y 20 of 100 on 10 intervals: two rows above the bottom, in the middle column.
	midCol := prefix + int(math.Round(0.5*float64(cols-1)))
	if got := cell(c, body-2, midCol); got != '◆' || c.Class[body-2][midCol] != ClassSelected {
		t.Errorf("selected marker %q class %d\n%s", got, c.Class[body-2][midCol], c)
	}
	if !strings.HasPrefix(strings.TrimLeft(c.Lines[0], " "), "100") || !strings.Contains(c.Lines[body], "0 ┤") && !strings.Contains(c.Lines[body], "0 ┼") {
		t.Errorf("y labels wrong:\n%s", c)
	}
	if !strings.Contains(c.Lines[h-1], "10.0") || !strings.Contains(c.Lines[h-2], "└") {
		t.Errorf("x axis wrong:\n%s", c)
	}
	if c.Class[0][prefix+cols-1] != 3 {
		t.Errorf("marker class %d, want the series' 3", c.Class[0][prefix+cols-1])
	}
}

func TestPlotNeverPanicsAndKeepsItsSize(t *testing.T) {
	nan := math.NaN()
	cases := map[string][]Series{
		"nil":      nil,
		"empty":    {{Name: "x"}},
		"nan only": {{Name: "x", Points: []PlotPoint{{X: nan, Y: 1, Frontier: true}, {X: 1, Y: math.Inf(1)}}}},
		"one":      {{Name: "x", Points: []PlotPoint{{X: 3, Y: 5, Frontier: true}}}},
		"flat":     {{Name: "x", Points: []PlotPoint{{X: 3, Y: 0, Frontier: true}, {X: 4, Y: 0, Frontier: true}}}},
		"negative": {{Name: "x", Points: []PlotPoint{{X: -3, Y: -5, Frontier: true}, {X: 4, Y: 9, Frontier: true}}}},
	}
	for name, s := range cases {
		for _, size := range [][2]int{{1, 1}, {10, 3}, {20, 5}, {80, 24}, {300, 100}} {
			for _, logX := range []bool{false, true} {
				c := Plot(s, PlotOptions{Width: size[0], Height: size[1], X: xAxis, Y: yAxis, LogX: logX})
				checkFrame(t, c, size[0], size[1])
				_ = name
			}
		}
	}
	c := Plot(nil, PlotOptions{Width: 40, Height: 10, X: xAxis, Y: yAxis})
	if !strings.Contains(c.String(), "no points with both metrics") {
		t.Errorf("empty plot says nothing:\n%s", c)
	}
}

func TestPlotLogXPutsTheGeometricMiddleInTheMiddle(t *testing.T) {
	s := []Series{{Name: "x", Class: 1, Points: []PlotPoint{
		{X: 1, Y: 10, Frontier: true}, {X: 10, Y: 10, ID: "mid", Kind: MarkRemoved}, {X: 100, Y: 5, Frontier: true}}}}
	const w = 61
	c := Plot(s, PlotOptions{Width: w, Height: 12, X: xAxis, Y: yAxis, LogX: true})
	prefix := yLabelWidth + 3
	mid := prefix + (w-prefix-1-1)/2
	found := false
	for r := range c.Lines {
		if cell(c, r, mid) == '×' && c.Class[r][mid] == ClassRemoved {
			found = true
		}
	}
	if !found {
		t.Errorf("x=10 not in the middle column %d on a log axis:\n%s", mid, c)
	}
	if !strings.Contains(c.Lines[len(c.Lines)-1], "100") {
		t.Errorf("log ticks should be labelled in data units:\n%s", c)
	}
}

// The demo's curve on mean interactivity, reviewed by eye before commit.
func TestPlotDemoGolden(t *testing.T) {
	ds := demo.Load()
	var own []model.Point
	for _, p := range ds.Points {
		if p.Curve.Framework == "dynamo-sglang" {
			own = append(own, p)
		}
	}
	shown := model.Curve{Key: own[0].Curve, Points: own}
	c := Plot(CurveSet(shown, nil, xAxis, yAxis, false, nil), PlotOptions{Width: 90, Height: 20, X: xAxis, Y: yAxis, Selected: "7p1d-dep2-dep16-b96-c5540"})
	checkFrame(t, c, 90, 20)
	got := c.String() + "\n"
	path := filepath.Join("testdata", "demo-mean-intvty.golden")
	if *update {
		os.MkdirAll("testdata", 0o755)
		os.WriteFile(path, []byte(got), 0o644)
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("plot differs from %s (run with -update and review):\n%s", path, got)
	}
}

func TestThousandsAndLabels(t *testing.T) {
	cases := map[float64]string{1033494: "1,033,494", 853132.4149: "853,132.41", -1234.5: "-1,234.50", 0: "0.00", 999: "999.00"}
	for v, want := range cases {
		d := 2
		if want == "1,033,494" {
			d = 0
		}
		if got := model.Thousands(v, d); got != want {
			t.Errorf("Thousands(%v) = %q, want %q", v, got, want)
		}
	}
	for v, want := range map[float64]string{1.2e6: " 1.20M", 853000: "  853k", 1500: "  1.5k", 0: "     0", 57: "    57",
		2.28: "  2.28", 0.025: " 0.025", 0.000724: "7.2e-4", 0.00999: " 0.010", 0.0000996: "1.0e-4",
		// tok/s per MW: 600.00M was seven cells in a six-cell column.
		5.3193e7: " 53.2M", 5.6667e8: "  567M", -5.6667e8: " -567M", 1.234e9: " 1.23G"} {
		if got := yLabel(v); got != want {
			t.Errorf("yLabel(%v) = %q, want %q", v, got, want)
		}
	}
	for v := 1.0; v < 1e12; v *= 1.37 {
		for _, s := range []float64{v, -v} {
			if got := yLabel(s); len(got) != yLabelWidth {
				t.Errorf("yLabel(%v) = %q is not %d cells", s, got, yLabelWidth)
			}
		}
	}
}
