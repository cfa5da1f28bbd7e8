package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

// audit on the demo: one curve, exit 0, its first command; with the
// planted master and recipes of sources/parity/testdata, exit 1 and every
// fault named (on no loaded curve: the demo is another model).
func TestAuditExitCodesAndFaults(t *testing.T) {
	noUserConfig(t)
	out, stderr, code := runCmd(t, "audit")
	if code != exitOK || !strings.Contains(out, "1. deepseek-ai/DeepSeek-V4.1-Flash · agentic-coding · gb300 · dynamo-sglang · fp4 · dspark") ||
		!strings.Contains(out, "first: sweeptune select --curve 'deepseek-ai/DeepSeek-V4.1-Flash · agentic-coding · gb300 · dynamo-sglang · fp4 · dspark' --max-gpus 34") {
		t.Fatalf("demo audit: exit %d\n%s\n%s", code, out, stderr)
	}
	out, stderr, code = runCmd(t, "audit", "--json", "--master", "../sources/parity/testdata/master.yaml", "--recipes", "../sources/parity/testdata")
	if code != exitRefused {
		t.Fatalf("planted faults: exit %d, want 1: %s", code, stderr)
	}
	var doc struct {
		Rows     []json.RawMessage `json:"rows"`
		Unplaced []struct {
			Kind, File, Key, Got, Want string
		} `json:"unplaced_parity"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Rows) != 1 || len(doc.Unplaced) != 7 || doc.Unplaced[0].Got != "[512, 2048]" || doc.Unplaced[0].Want != "[512, 2048, 4096]" {
		t.Errorf("rows %d, unplaced %+v", len(doc.Rows), doc.Unplaced)
	}
	if _, stderr, code := runCmd(t, "audit", "--recipes", "x"); code != exitBadInput || !strings.Contains(stderr, "--recipes: give the --master") {
		t.Errorf("--recipes alone: exit %d %q", code, stderr)
	}
	if _, stderr, code := runCmd(t, "audit", "--queue", "q.yaml", "--recipe", "b.yaml"); code != exitBadInput || !strings.Contains(stderr, "--baseline") {
		t.Errorf("--queue without --baseline: exit %d %q", code, stderr)
	}
}

// audit --baseline on the multi-curve rows: the re-run curve, improved.
func TestAuditBaselineText(t *testing.T) {
	noUserConfig(t)
	out, stderr, code := runCmd(t, "audit", "--baseline", "2025-12-31", multiCurve)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"dsr1 · 1k1k · mi355x · sglang · fp4 · none", "at the same configuration: 0 regressed, 0 within noise, 3 improved",
		"refit (decode step law) on the new runs: beta fell 11.8 %", "re-run on the new image (baseline frontier points it has not run): agg-tp4-c32, agg-tp4-c4"} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %q:\n%s", want, out)
		}
	}
}
