package tui

import (
	"fmt"
	tea "github.com/charmbracelet/bubbletea"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/sweeptune/sweeptune/internal/fixtures"
	"github.com/sweeptune/sweeptune/internal/par"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner/ledger"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/sources/synth"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

// A million points over 12 and 100 curves (each configuration on two
// dates; the curves' points in turn, as a dump's rows come:
// testkit.InterleavedCurves): a key's cost must not grow with the shown
// curve's size.
var millionSizes = []struct {
	name   string
	curves int
}{{"1M×12", 12}, {"1M×100", 100}}

// millionModel is the workbench after a load of a million points over
// curves curves, prepared as the load command prepares it (aheadOfLoad:
// the first view, the views of the curves around it, the panes'
// derivations of them); unprepared, the load's Update does what the
// first frame needs and nothing more.
func millionModel(b *testing.B, curves int, prepared bool) *Model {
	m := loadedAs(benchW, benchH, testkit.InterleavedCurves(1000000, curves), prepared)
	if prepared {
		m.Update(m.dataAhead()()) // the IDs measured, as a moment after the first frame
	}
	runtime.GC() // as the load command does
	m.opts.SessionPath = ""
	if len(m.State().Curves) != curves {
		b.Fatalf("%d curves", len(m.State().Curves))
	}
	return m
}

// millionModelNoViews is millionModel after a load command that prepared
// the points (indexed, every curve's facts, the panes' work on the
// points) and made no view: the program after a load once keys outrun the
// work ahead.
func millionModelNoViews(b *testing.B, curves int) *Model {
	pts := testkit.InterleavedCurves(1000000, curves)
	m := New(Options{Theme: "none", Renderer: testkit.Renderer()})
	resize(m, benchW, benchH)
	m.load()
	a := m.loadAhead()
	prep := &preparedLoad{loaded: workbench.Prepare(pts, a.specs), x: a.x, y: a.y}
	par.Do(a.dataFns(pts, prep)...)
	m.Update(loadedMsg{gen: m.gen, ds: &sources.Dataset{Points: pts, Files: 1}, prep: prep})
	calibrate(m)
	runtime.GC()
	m.opts.SessionPath = ""
	return m
}

// BenchmarkMillionKeys: every common key, each with the frame that
// follows it (Update + View), at a million points: what a user waits for.
// Budget: 16 ms a key.
//
//   - new-curve-cold: ] onto a curve whose view nothing made ahead (a
//     load that prepared no view: only every curve's facts,
//     tui/workbench/facts.go); new-curve-cold-loaded: the same after a load
//     command that made no view (the points' facts and the panes' work on
//     the points made, as the program's load makes them); switch-curve: ] and [ between two curves shown
//     before (their views kept); new-curve: ] onto a curve not shown
//     since the load (with -benchtime 3x every press is one: 12 and 100
//     curves), the load prepared as the load command prepares it (the
//     curves around the first made ahead: tui/workbench/load_around.go);
//     new-curves-typed-fast: ] pressed again and again once the work
//     ahead of the last change has run (prefetch.go);
//   - the -ahead variants press each key once the work ahead the key
//     before started has run, off the clocks (the time a user reads the
//     frame);
//   - cycle-y (y), x-axis (x): a metric not shown on this curve yet for
//     the first presses, then ones shown before;
//   - overlay: o, down, space, enter (a curve overlaid, then taken off);
//   - as-of: @, down, enter (the next date in the picker, around);
//     as-of-new-date: the enter alone, onto a date whose view of the
//     curve nothing made (], @ and down before it, off the clocks);
//   - pane: tab;
//   - table-move: down and up in the points table; mark: m there.
//
// The planner's calibration is a command (not run here): it runs off the
// key path, as the runtime runs it.
func BenchmarkMillionKeys(b *testing.B) {
	for _, size := range millionSizes {
		b.Run(size.name, func(b *testing.B) {
			m := millionModel(b, size.curves, true)
			b.Run("new-curve-cold", func(b *testing.B) {
				cold := millionModel(b, size.curves, false)
				pressKeys(b, cold, 1, "]")
			})
			b.Run("new-curve-cold-loaded", func(b *testing.B) {
				cold := millionModelNoViews(b, size.curves)
				pressKeys(b, cold, 1, "]")
			})
			b.Run("switch-curve", func(b *testing.B) {
				press(m, "]", "[") // both views made once
				pressKeys(b, m, 1, "]", "[")
			})
			b.Run("new-curve", func(b *testing.B) { pressKeys(b, m, 1, "]") })
			b.Run("new-curve-ahead", func(b *testing.B) { pressAhead(b, m, "]") })
			b.Run("new-curves-typed-fast", func(b *testing.B) {
				settleAhead(m) // the work ahead since the last change has run
				pressKeys(b, m, 1, "]")
			})
			b.Run("cycle-y", func(b *testing.B) { pressKeys(b, m, 1, "y") })
			b.Run("cycle-y-ahead", func(b *testing.B) { pressAhead(b, m, "y") })
			b.Run("x-axis", func(b *testing.B) { pressKeys(b, m, 1, "x") })
			b.Run("x-axis-ahead", func(b *testing.B) { pressAhead(b, m, "x") })
			b.Run("overlay", func(b *testing.B) { pressSequence(b, m, "o", "down", "tab", "enter") })
			b.Run("as-of", func(b *testing.B) { pressSequence(b, m, "@", "down", "enter") })
			b.Run("as-of-ahead", func(b *testing.B) { pressAhead(b, m, "@", "down", "enter") })
			b.Run("as-of-new-date", func(b *testing.B) {
				// enter on a date no view of the curve was made for (a load
				// that made no view; ], @ and down off the clocks).
				cold := millionModelNoViews(b, size.curves)
				pressAfter(b, cold, []string{"]", "@", "down"}, "enter")
			})
			b.Run("pane", func(b *testing.B) { pressKeys(b, m, 1, "tab") })
			press(m, "2")
			b.Run("table-move", func(b *testing.B) { pressKeys(b, m, 20, "down", "up") })
			b.Run("mark", func(b *testing.B) { pressKeys(b, m, 1, "m") })
		})
	}
}

// pressAfter presses key once an iteration, after the keys before, which
// are off the clocks.
func pressAfter(b *testing.B, m *Model, before []string, key string) {
	var clk frameClock
	k := testkit.Key(key)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		press(m, before...)
		b.StartTimer()
		clk.frame(m, k)
	}
	b.StopTimer()
	clk.report(b, "key")
}

// settleAhead runs the work ahead, round after round, until it stops (a
// user who looked at the frame for a second or two).
func settleAhead(m *Model) {
	m.prefetching = false
	for cmd := m.prefetch(); cmd != nil; {
		msg, ok := cmd().(prefetchedMsg)
		if !ok {
			return
		}
		cmd = m.handlePrefetched(msg)
	}
}

// pressAhead presses key once an iteration, after the work ahead the
// last key started has run (prefetch.go: the time a user takes to read
// the frame); only the key and its frame are on the clocks.
func pressAhead(b *testing.B, m *Model, keys ...string) {
	var clk frameClock
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, key := range keys {
			b.StopTimer()
			m.prefetching = false // the benchmark runs no command: start it here
			if cmd := m.prefetch(); cmd != nil {
				m.Update(cmd())
			}
			b.StartTimer()
			clk.frame(m, testkit.Key(key))
		}
	}
	b.StopTimer()
	clk.report(b, "key")
}

// frameClock sums the CPU and wall time of the frames it times (a
// message's Update and the View after it).
type frameClock struct {
	cpu, wall time.Duration
	n         int
}

func (c *frameClock) frame(m *Model, msg tea.Msg) {
	start, t0 := processCPU(), time.Now()
	m.Update(msg)
	_ = m.View()
	c.cpu += processCPU() - start
	c.wall += time.Since(t0)
	c.n++
}

// report reports the time a frame, per unit ("key", "frame").
func (c *frameClock) report(b *testing.B, unit string) {
	n := float64(max(c.n, 1))
	b.ReportMetric(float64(c.cpu.Nanoseconds())/n, "cpu-ns/"+unit)
	b.ReportMetric(float64(c.wall.Nanoseconds())/n, "ns/"+unit)
}

// BenchmarkMillionFirstFrame: the first frame once a million points over
// 12 curves have loaded: the load message's Update and the View after it,
// the load prepared as the load command prepares it (points indexed, the
// first view and what the panes derive from it made beside the reading).
// The planner's calibration is a command after it. Budget: 100 ms.
//
// The workbench scores the prediction ledger on every load: with no
// ledger, with the default ledger not written yet (what a first start
// has), and with a record of the first curve's first configuration.
func BenchmarkMillionFirstFrame(b *testing.B) {
	pts := testkit.InterleavedCurves(1000000, 12)
	for _, c := range []struct{ name, ledger string }{
		{"no-ledger", ""},
		{"ledger-absent", filepath.Join(b.TempDir(), "ledger.jsonl")},
		{"a-record", ledgerOfOneRecord(b, &pts[0])},
	} {
		b.Run(c.name, func(b *testing.B) { benchFirstFrame(b, pts, c.ledger) })
	}
}

// ledgerOfOneRecord is a ledger holding the demo's 7P prediction recorded
// as a prediction of p's curve and configuration.
func ledgerOfOneRecord(b *testing.B, p *model.Point) string {
	fc, cal, k, pr, err := fixtures.Predict7P()
	if err != nil {
		b.Fatal(err)
	}
	rec := ledger.New(cal, ledger.Fit{IDs: []string{fc.Points[0].ID}}, p.Curve, k, pr, ledger.OriginPlan, time.Unix(0, 0))
	rec.Config = p.Knobs.BaseID()
	rec.Seal()
	path := filepath.Join(b.TempDir(), "ledger.jsonl")
	if err := ledger.Append(path, rec); err != nil {
		b.Fatal(err)
	}
	if res, err := ledger.Read(path); err != nil || len(res.Records) != 1 || len(ledger.Score(res.Records, pts1(p)).Matched) != 1 {
		b.Fatalf("ledger %v %+v", err, res)
	}
	return path
}

func pts1(p *model.Point) []model.Point { return []model.Point{*p} }

func benchFirstFrame(b *testing.B, pts []model.Point, ledgerPath string) {
	var clk frameClock
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		m := New(Options{Theme: "none", Renderer: testkit.Renderer(), Ledger: ledgerPath})
		resize(m, benchW, benchH)
		m.load()
		msg := loadedMsg{gen: m.gen, ds: &sources.Dataset{Points: pts, Files: 1}, prep: m.loadAhead().run(pts)}
		runtime.GC() // the preparation's garbage is the load command's
		b.StartTimer()
		clk.frame(m, msg)
	}
	clk.report(b, "frame")
}

// BenchmarkMillionLoadPrepare: what the load command does beside reading
// a million points over 12 curves (off the UI goroutine, while the
// spinner turns).
func BenchmarkMillionLoadPrepare(b *testing.B) {
	pts := testkit.InterleavedCurves(1000000, 12)
	m := New(Options{Theme: "none", Renderer: testkit.Renderer()})
	resize(m, benchW, benchH)
	ahead := m.loadAhead()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ahead.run(pts)
	}
}

// BenchmarkMillionKeysAfterLoad: the first keys after a load of a million
// API rows over 12 curves read from files, the load command run as the
// runtime runs it (reading, preparing, collecting its garbage): six curves
// never shown, y, x, an as-of date picked (@, down, enter), five more
// curves. Reports the CPU a key and the worst key's.
func BenchmarkMillionKeysAfterLoad(b *testing.B) {
	dir := b.TempDir()
	for i, data := range synth.RowFiles(1000000, 12, 500000) {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("rows%d.json", i)), data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	keys := keyMsgs([]string{"]", "]", "]", "]", "]", "]", "y", "x", "@", "down", "enter", "]", "]", "]", "]", "]"})
	var cpu, worst time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		m := New(Options{Theme: "none", Renderer: testkit.Renderer(), Inputs: sources.Inputs{Paths: []string{dir}}})
		resize(m, benchW, benchH)
		m.Update(m.load()())
		_ = m.View()
		b.StartTimer()
		for _, k := range keys {
			start := processCPU()
			m.Update(k)
			_ = m.View()
			d := processCPU() - start
			cpu += d
			worst = max(worst, d)
		}
	}
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N*len(keys)), "cpu-ns/key")
	b.ReportMetric(float64(worst.Nanoseconds()), "worst-cpu-ns")
}
