package review

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/keys"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

func TestMain(m *testing.M) { testkit.Main(m) }

var removed = map[string]bool{"8p1d-dep2-dep16-c4096": true, "agg-tep2-c16": true, "9p1d-dep2-dep16-b160-c7480": true}

// TestWorkedRemovals reproduces the worked removal review of docs/review.md.
func TestWorkedRemovals(t *testing.T) {
	// The worked example's kept set leaves out the 1200 s 3P c700 run of table B.
	var pts []model.Point
	for _, p := range testkit.TablesAB(t) {
		if p.ID != "3p1d-dep2-dep16-b18-c700" {
			pts = append(pts, p)
		}
	}
	r := computeOwn(pts, removed, model.AxisMeanIntvty, model.AxisTputPerGPU, false)
	if len(r.Curves) != 1 {
		t.Fatalf("%d curves", len(r.Curves))
	}
	want := map[string]float64{"8p1d-dep2-dep16-c4096": 853132.41, "agg-tep2-c16": 243084.79, "9p1d-dep2-dep16-b160-c7480": 1100893.85}
	for _, v := range r.Curves[0].Removed {
		w, ok := want[v.ID]
		if !ok {
			t.Errorf("unexpected verdict %s", v.ID)
			continue
		}
		if !v.Covered || math.Abs(v.LineValue-w) > 0.01 {
			t.Errorf("%s: covered %v ℓ %.2f, want covered ℓ %.2f", v.ID, v.Covered, v.LineValue, w)
		}
	}
	out := Render(r, testkit.Plain(), 70)
	testkit.Contains(t, "review", out, "× 8p1d-dep2-dep16-c4096  ✓ covered\n      line value 853,132.41  gap -5.85 %", "9p1d-dep2-dep16-b160-c7480  ✓ covered\n      line value 1,100,893.85  gap -0.59 %")
}

// TestGainsAgainstCompetitor reproduces docs/review.md's gain at p90 interactivity.
func TestGainsAgainstCompetitor(t *testing.T) {
	pts := testkit.Demo()
	r := computeOwn(pts, nil, model.AxisP90Intvty, model.AxisTputPerGPU, false)
	out := Render(r, testkit.Plain(), 70)
	if !strings.Contains(out, "9p1d-dep2-dep16-b192-c7480  +11.05 % linear, +10.77 % dashboard  (1,117,063 vs 1,005,892.79)") {
		t.Errorf("no +11.05 %% gain for 9P BS192:\n%s", out)
	}
}

func TestRenderGolden(t *testing.T) {
	r := computeOwn(testkit.Demo(), removed, model.AxisMeanIntvty, model.AxisTputPerGPU, false)
	testkit.Matrix(t, func(t *testing.T, c testkit.Cell) string {
		m := New(workbench.New(), keys.Default().Review, c.Styles)
		m.report, m.ready = r, true
		m.redraw()
		m.SetSize(c.W, c.H)
		return m.View()
	})
}

// computeOwn reviews the demo's own curve (dynamo-sglang) with the
// competitor's curve as the overlaid other, as the workbench shows it.
func computeOwn(pts []model.Point, marks map[string]bool, x, y model.Axis, withPlanned bool) workbench.Review {
	own, others := testkit.SplitCompetitor(pts)
	return workbench.ReviewShown(own[0].Curve, own, others, marks, x, y, withPlanned)
}

// s switches the review pane to the shown curve's selection (the words
// select prints) and back.
func TestSelectionView(t *testing.T) {
	st := workbench.New()
	st.SetPoints(testkit.Demo())
	st.SetX(model.AxisP90Intvty)
	m := New(st, keys.Default().Review, testkit.Plain())
	m.SetSize(200, 60)
	m.Update(testkit.Key("s"))
	m.Sync()
	for _, want := range []string{"Selection on deepseek-ai/DeepSeek-V4.1-Flash", "137.8 – 218.5 (merged)", "8P c4096 lay 10.0 % under the line of its neighbours", "Remove: 9P c7480 BS160, 8P c4096, agg TP2/EP2 c16"} {
		if !strings.Contains(m.View(), want) {
			t.Errorf("selection view lacks %q:\n%s", want, m.View())
		}
	}
	// A accepts the selection shown: its removals marked, its additions
	// added, and its pairing kept for the export's PR body.
	m.Update(testkit.Key("A"))
	if got := st.MarkedIDs(); !slices.Contains(got, "agg-tep2-c16") || !slices.Contains(got, "9p1d-dep2-dep16-b160-c7480") {
		t.Errorf("A in the selection view marked %v", got)
	}
	if st.Accepted == nil || st.Accepted.ReplacedBy("9p1d-dep2-dep16-b160-c7480") != "9p1d-dep2-dep16-b192-c7480" {
		t.Errorf("the accepted selection's pairing is not kept: %+v", st.Accepted)
	}
	m.Update(testkit.Key("s"))
	m.Sync()
	if strings.Contains(m.View(), "Selection on") {
		t.Errorf("s did not go back to the review:\n%s", m.View())
	}
}
