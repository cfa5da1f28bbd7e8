package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

func compareJSONOf(t *testing.T, args ...string) map[string]model.PointGain {
	t.Helper()
	out := runOK(t, append([]string{"compare", "--json"}, args...)...)
	var rep struct {
		Axis   string            `json:"axis"`
		Points []model.PointGain `json:"points"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Axis != "p90-intvty" {
		t.Errorf("axis %q", rep.Axis)
	}
	by := map[string]model.PointGain{}
	for _, p := range rep.Points {
		by[p.ID] = p
	}
	return by
}

// otherOf and gainOf are a point's other-curve value and gain as
// twoDecimals writes them: "null" without another frontier at its x, as
// compare --json has it.
func otherOf(p model.PointGain) string { return twoDecimals(model.OrNull(p.Other, p.HasOther)) }
func gainOf(p model.PointGain) string  { return twoDecimals(model.OrNull(p.GainPct, p.HasOther)) }

// The demo's worked gains: +11.05 % (9P BS192) and +5.00 % (7P c5540) over vLLM at the same
// p90 interactivity; nothing above p90 196.5.
func TestCompareAgainstCompetitorJSON(t *testing.T) {
	for _, other := range []string{"", "competitor", "vllm", "framework:vllm",
		"deepseek-ai/DeepSeek-V4.1-Flash · agentic-coding · gb300 · vllm · fp4",
		"deepseek-ai/DeepSeek-V4.1-Flash, agentic-coding, gb300, vllm, fp4"} {
		args := []string{}
		if other != "" {
			args = append(args, "--other", other)
		}
		by := compareJSONOf(t, args...)
		if p := by["9p1d-dep2-dep16-b192-c7480"]; otherOf(p) != "1005892.79" || gainOf(p) != "11.05" {
			t.Errorf("--other %q: 9P BS192 %+v", other, p)
		}
		if p := by["7p1d-dep2-dep16-b96-c5540"]; gainOf(p) != "5.00" || p.X != 157.5 {
			t.Errorf("--other %q: 7P c5540 %+v", other, p)
		}
		for _, id := range []string{"3p1d-dep2-dep16-b18-c700", "agg-tep2-c16", "5p1d-dep2-dep16-b40-c2884"} {
			if p, ok := by[id]; !ok || p.HasOther {
				t.Errorf("--other %q: %s %+v, want null values", other, id, p)
			}
		}
		// The sweep published after the merge replaces the older published
		// 3P c1228 (p90 283.3); its own run has no p90 interactivity.
		if _, ok := by["vllm-p90-75-5"]; ok || len(by) != 6 {
			t.Errorf("--other %q: %d points, want the 6 dynamo-sglang points with p90", other, len(by))
		}
	}
}

func TestCompareNullsInJSON(t *testing.T) {
	out, _, _ := runCmd(t, "compare", "--json")
	if !strings.Contains(out, `"id": "agg-tep2-c16",`) || !strings.Contains(out, `"spec_decoding": "dspark"
      },
      "x": 292.4,
      "y": 57670,
      "other_value": null,
      "gain_pct": null`) {
		t.Errorf("want explicit nulls:\n%s", out)
	}
}

func TestCompareText(t *testing.T) {
	out := runOK(t, "compare")
	wantAll(t, out,
		"9p1d-dep2-dep16-b192-c7480             97.4     1,117,063    1,005,892.79       +11.05 %       1,008,429.08          +10.77 %",
		"7p1d-dep2-dep16-b96-c5540             157.5     1,033,494      984,315.45        +5.00 %         986,410.78           +4.77 %",
		"10 points without p90-intvty or tput-per-gpu are not compared.",
	)
}

// The other way round: vLLM against the dynamo-sglang frontier.
func TestCompareOtherFramework(t *testing.T) {
	by := compareJSONOf(t, "--other", "dynamo-sglang")
	if len(by) != 3 {
		t.Fatalf("points %v, want the 3 vLLM points", by)
	}
	if p := by["vllm-p90-75-5"]; p.HasOther {
		t.Errorf("75.5 is below the dynamo-sglang frontier's 97.4: %+v", p)
	}
	want := 1117063 + (145.6-97.4)*(1033494-1117063)/(157.5-97.4)
	gain := 100 * (993521/want - 1)
	if p := by["vllm-p90-145-6"]; otherOf(p) != twoDecimals(&want) || gainOf(p) != twoDecimals(&gain) {
		t.Errorf("vLLM at 145.6: %+v, want %.2f (%.2f %%)", p, want, gain)
	}
}

func TestCompareBadInput(t *testing.T) {
	_, stderr, code := runCmd(t, "compare", "--other", "trtllm")
	if code != exitBadInput || !strings.Contains(stderr, "frameworks: dynamo-sglang, vllm") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	_, stderr, code = runCmd(t, "compare", "--other", "planned")
	if code != exitBadInput || !strings.Contains(stderr, "no loaded point matches") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	if _, _, code = runCmd(t, "compare", "--x", "nope"); code != exitBadInput {
		t.Errorf("bad axis: exit %d", code)
	}
}
