package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/demo"
	wb "github.com/sweeptune/sweeptune/tui/workbench"
)

// TestOneNoiseEverywhere: for the same data and date, select's margin,
// review's and compare's noise, the workbench's (its % readout and its
// selection) and the PR body export writes from select's output give one
// spread of throughput per GPU and one pair count — the pairs measured on or before the date
// (docs/noise.md). On the demo: ±0.87 % over 5 pairs today; none as of
// 2026-11-05, when no configuration had been measured twice yet.
func TestOneNoiseEverywhere(t *testing.T) {
	type noiseJSON struct {
		SpreadPct float64 `json:"spread_pct"`
		Pairs     int     `json:"pairs"`
	}
	pts := demo.Load().Points
	curve := pts[model.FindID(pts, "agg-tep2-c16")].Curve
	for _, tc := range []struct {
		asOf   string
		pairs  int
		spread string // two decimals; "" none
	}{{"", 5, "0.87"}, {"2026-11-05", 0, ""}} {
		asOf := []string{}
		if tc.asOf != "" {
			asOf = []string{"--as-of", tc.asOf}
		}
		got := map[string]string{}
		say := func(spread float64, pairs int) string {
			if pairs == 0 {
				return "none"
			}
			return fmt.Sprintf("%.2f/%d", spread, pairs)
		}
		// select: its margin comes from the noise (the y metric's here).
		var sel struct {
			Selection struct {
				Margin model.Margin `json:"margin"`
			} `json:"selection"`
		}
		mustJSON(t, runOK(t, append([]string{"select", "--json"}, asOf...)...), &sel)
		got["select"] = say(sel.Selection.Margin.Pct, sel.Selection.Margin.Pairs)
		// review
		var rev struct {
			Noise *noiseJSON `json:"noise"`
		}
		mustJSON(t, runOK(t, append([]string{"review", "--remove", "agg-tep2-c16", "--json"}, asOf...)...), &rev)
		got["review"] = "none"
		if rev.Noise != nil {
			got["review"] = say(rev.Noise.SpreadPct, rev.Noise.Pairs)
		}
		// compare
		var cmp struct {
			Noise []struct {
				Noise *noiseJSON `json:"noise"`
			} `json:"noise"`
		}
		mustJSON(t, runOK(t, append([]string{"compare", "--json"}, asOf...)...), &cmp)
		got["compare"] = "none"
		if len(cmp.Noise) > 0 && cmp.Noise[0].Noise != nil {
			got["compare"] = say(cmp.Noise[0].Noise.SpreadPct, cmp.Noise[0].Noise.Pairs)
		}
		// the workbench: its noise, and its selection's margin
		st := wb.New()
		st.SetPoints(pts)
		st.Curve, st.AsOf = curve, tc.asOf
		got["workbench"] = "none"
		if mn, ok := st.Noise().For(model.TputPerGPU); ok {
			got["workbench"] = say(mn.SpreadPct, mn.Pairs)
		}
		ws, _, err := wb.SelectShown(curve, st.CurveRunsLater()(), tc.asOf, model.AxisP90Intvty, model.AxisTputPerGPU)
		if err != nil {
			t.Fatal(err)
		}
		got["workbench select"] = say(ws.Margin.Pct, ws.Margin.Pairs)
		// the PR body the export writes from that selection (today's
		// removes points the sweep replaced: the loss is accepted)
		target := targetArgs(t, t.TempDir())
		selJSON := runOK(t, append(append([]string{"select", "--json"}, asOf...), target...)...)
		var body, errOut bytes.Buffer
		args := append(append([]string{"export", "--from-select", "-", "--accept-coverage-loss", "--pr-body", "-"}, asOf...), target...)
		if code := run(args, strings.NewReader(selJSON), &body, &errOut); code != exitOK {
			t.Fatalf("as of %q: export --pr-body: exit %d: %s", tc.asOf, code, errOut.String())
		}
		got["PR body"] = "none"
		if m := noiseLine.FindStringSubmatch(body.String()); m == nil {
			t.Errorf("as of %q: the PR body has no noise sentence:\n%s", tc.asOf, body.String())
		} else if m[1] != "" {
			got["PR body"] = m[1] + "/" + m[2]
		} else if !strings.Contains(m[0], "none measured (0 pairs") {
			t.Errorf("PR body sentence %q", m[0])
		}
		want := "none"
		if tc.spread != "" {
			want = tc.spread + "/" + fmt.Sprint(tc.pairs)
		}
		for surface, g := range got {
			if g != want {
				t.Errorf("as of %q: %s says %s, want %s (all: %v)", tc.asOf, surface, g, want, got)
			}
		}
	}
}

// noiseLine is the PR body's noise sentence: the spread and pair count, or
// none measured.
var noiseLine = regexp.MustCompile(`Run-to-run noise of throughput per GPU[^:]*: (?:±([0-9.]+) % over ([0-9]+) pairs|none measured \(0 pairs)`)

func mustJSON(t *testing.T, s string, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(s), v); err != nil {
		t.Fatalf("%v: %s", err, s[:min(len(s), 300)])
	}
}
