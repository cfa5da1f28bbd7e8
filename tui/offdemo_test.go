package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/layout"
)

// Off the demo, at the size a user runs it (160×45): the workbench says
// what is true of a real curve (DSR1 on GB300, FP4, 8k1k: the master
// entry's eight points) and of what was loaded beside it.

// gb300Points are the eight points of testdata/export-real/points.yaml,
// each run lasting secs, on framework fw.
func gb300Points(t *testing.T, secs, fw string) []model.Point {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", "export-real", "points.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	text := strings.ReplaceAll(string(b), "duration-s: 3600", "duration-s: "+secs)
	text = strings.Replace(text, "framework: dynamo-sglang", "framework: "+fw, 1)
	ds := sources.LoadBytes("points-"+fw+".yaml", []byte(text), sources.Options{})
	if len(ds.Warnings) > 0 || len(ds.Points) != 8 {
		t.Fatalf("%d points, %v", len(ds.Points), ds.Warnings)
	}
	return ds.Points
}

func TestShortProbeCurveSaysWhyThereIsNoFrontier(t *testing.T) {
	m := newLoaded(t, 160, 45, gb300Points(t, "900", "dynamo-sglang"))
	settle(m)
	v := m.View()
	if !strings.Contains(v, "no frontier: every point is a 900 s run, not steady state, and none is projected") {
		t.Errorf("the curve pane does not say why there is no frontier:\n%s", v)
	}
	review := paneText(m.panes[layout.Review].View())
	if !strings.Contains(review, "kept (0): none: all 8 points are left out (8 × a 900 s run: not steady state") ||
		!strings.Contains(review, "so there is no frontier to test a removal against") {
		t.Errorf("the review pane's kept (0) says no why:\n%s", review)
	}
}

// A short-probe curve made by the work ahead (or by the load) says why it
// has no frontier as one made on the key does.
func TestShortProbeCurveMadeAheadSaysWhyThereIsNoFrontier(t *testing.T) {
	pts := append(gb300Points(t, "900", "dynamo-sglang"), gb300Points(t, "900", "dynamo-trt")...)
	for _, prepared := range []bool{false, true} {
		m := loadedAs(160, 45, pts, prepared)
		settleAhead(m) // the other curve's view and plot made ahead
		press(m, "]")
		v := m.View()
		if !strings.Contains(v, "no frontier: every point is a 900 s run, not steady state, and none is projected") {
			t.Errorf("load prepared %v: the curve pane made ahead does not say why there is no frontier:\n%s", prepared, v)
		}
	}
}

// The overlay picker lists the other curves only, suggests filter words
// the data has, and its filter takes a space.
func TestOverlayPickerOffTheDemo(t *testing.T) {
	pts := append(gb300Points(t, "3600", "dynamo-sglang"), gb300Points(t, "3600", "dynamo-trt")...)
	m := newLoaded(t, 160, 45, pts)
	shown := m.State().Curve.String()
	do(m, "o")
	v := m.View()
	if !strings.Contains(v, "tab selects, enter applies · filter words: gb300 fp4") || strings.Contains(v, "b200") {
		t.Errorf("the hint suggests words the data lacks:\n%s", v)
	}
	if strings.Contains(v, "[ ] "+shown) || strings.Contains(v, "[x] "+shown) || !strings.Contains(v, "1 of 1") {
		t.Errorf("the shown curve %s is listed as its own overlay:\n%s", shown, v)
	}
	for _, k := range []string{"t", "r", "t", "space", "g", "b"} {
		do(m, k)
	}
	if v := m.View(); !strings.Contains(v, "filter: trt gb▏  1 of 1") {
		t.Errorf("the filter did not take the space:\n%s", v)
	}
	do(m, "tab", "enter")
	if o := m.State().Overlays; len(o) != 1 || o[0].Framework == m.State().Curve.Framework {
		t.Errorf("overlays %v", o)
	}
}

// As of a date, the curve's title still names the curve and the date at
// 160×45: the unknown spec decoding gives way, the date is not cut.
func TestCurveTitleFitsWithADate(t *testing.T) {
	m := newLoaded(t, 160, 45, gb300Points(t, "3600", "dynamo-sglang"))
	do(m, "@", "down", "down", "enter")
	if m.State().AsOf != "2026-08-01" {
		t.Fatalf("as of %q", m.State().AsOf)
	}
	top := strings.SplitN(m.View(), "\n", 2)[0]
	if !strings.Contains(top, "curve: dsr1 · 8k1k · gb300 · dynamo-sglang · fp4 · as of 2026-08-01 ━") {
		t.Errorf("title: %s", top)
	}
}

// A new change set's preview clears the last write's "✓ written" block.
func TestNewPreviewClearsTheWrittenBlock(t *testing.T) {
	m := exportModel(t, exportFixtures(t), "")
	m.State().ToggleMark(removed8P)
	m.State().ToggleAdded(local7P)
	do(m, "5")
	settle(m)
	do(m, "A", "w", "y") // the coverage loss accepted first
	settle(m)
	if v := paneText(m.panes[layout.Export].View()); !strings.Contains(v, "✓ written: 3 files") {
		t.Fatalf("after the write:\n%s", v)
	}
	m.State().ToggleMark("5p1d-dep2-dep16-b40-c2884")
	m.panes[layout.Export].Refresh(m.State().TakeChanges())
	settle(m)
	if v := paneText(m.panes[layout.Export].View()); strings.Contains(v, "✓ written") || !strings.Contains(v, "5p1d") {
		t.Errorf("the old write's block stays above the new preview:\n%s", v)
	}
}

// The status line counts every "warning:" line the command line prints
// for the same inputs: the load's notices and its warnings.
func TestStatusCountsWarningsAsTheCLIPrintsThem(t *testing.T) {
	m := New(Options{Theme: "none", Renderer: testkit.Renderer()})
	resize(m, 160, 45)
	reloadData(m, &sources.Dataset{Points: gb300Points(t, "3600", "dynamo-sglang"), Files: 3,
		Notices:  []string{"a.yaml: the campaign excluded 2p1d", "b.yaml: the campaign obsoleted run 7"},
		Warnings: []sources.Warning{{File: "c.json", Msg: "empty file"}}})
	if s := status(m); !strings.Contains(s, "· 3 warnings (? lists them all); first: a.yaml: the campaign excluded 2p1d") {
		t.Errorf("status %q", s)
	}
}
