package tui

import (
	"runtime"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/themes"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/points"
)

// A 1 MB label kept the workbench on "loading…" past 77 s: IDs and titles
// carried the whole label and wrapping them was quadratic. Labels and IDs
// are capped; loading and drawing every pane costs what a short label
// costs, give or take the label itself.
func TestLongLabelLoadsAtOnce(t *testing.T) {
	label := strings.Repeat("Competitor label ", 62_000) + "end" // 1.05 MB
	csv := "label,source,model,hardware,framework,precision,scenario,tput-per-gpu,mean-intvty\n" +
		label + ",competitor,deepseek-ai/DeepSeek-V4.1-Flash,gb300,dynamo-sglang,fp4,agentic-coding,1011514,75.5\n"
	ds := sources.LoadBytes("long.csv", []byte(csv), sources.Options{})
	if len(ds.Points) != 1 || len(ds.Points[0].Label) != len(label) {
		t.Fatalf("%d points, warnings %v", len(ds.Points), ds.Warnings)
	}
	m := New(Options{Theme: "none", Renderer: testkit.Renderer()})
	resize(m, 160, 48)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	reloadData(m, ds)
	for _, pane := range []string{"1", "2", "3", "4", "5"} {
		press(m, pane)
		settle(m)
		if v := m.View(); strings.Contains(v, label[:200]) {
			t.Errorf("pane %s shows the label whole", pane)
		}
	}
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > 200<<20 {
		t.Errorf("loading and drawing a 1 MB label allocated %d MB", got>>20)
	}
}

// The details show a long label at length (up to 1,000 characters) with
// its full count, after the record; the head shows it cut.
func TestDetailsShowALongLabelAtLength(t *testing.T) {
	label := strings.Repeat("word ", 1000) + "end"
	p := model.Point{ID: "x", Label: label, Source: model.SourceCompetitor}
	d := points.Details(&p, false, themes.New("none", testkit.Renderer()))
	if !strings.Contains(d, "label                  (5,003 characters) word word") || strings.Contains(d, "end") || !strings.HasSuffix(d, "…") {
		t.Errorf("details:\n%s", d)
	}
}
