package cli

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/sources/shared"
)

func shapesDir(rel ...string) string {
	return shared.Testdata(append([]string{"shapes"}, rel...)...)
}

// recipes --json as a script reads it: every variant with its selector,
// srtctl's job name, the whole topology under report --json's names.
func TestRecipesJSONBundle(t *testing.T) {
	out, errOut, code := runCmd(t, "recipes", "--json", shapesDir("recipes", "s1-bundle.yaml"))
	if code != exitOK || errOut != "" {
		t.Fatalf("exit %d stderr %q", code, errOut)
	}
	var got struct {
		Variants []struct {
			File, Selector, Name string
			Knobs                map[string]any
			Concurrencies        []int
		}
		Warnings []string
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Variants) != 3 || got.Warnings == nil || len(got.Warnings) != 0 {
		t.Fatalf("%+v", got)
	}
	v := got.Variants[1]
	if filepath.Base(v.File) != "s1-bundle.yaml" || v.Selector != "zip_override_lowlat[0]" || v.Name != "lowlat-a" || len(v.Concurrencies) != 1 || v.Concurrencies[0] != 4 {
		t.Errorf("%+v", v)
	}
	want := map[string]any{"mode": "disagg", "prefill_workers": 2.0, "prefill_nodes": 1.0, "prefill_gpus": 4.0, "prefill_tp": 4.0,
		"decode_workers": 1.0, "decode_nodes": 1.0, "decode_gpus": 8.0, "decode_tp": 8.0, "decode_bs": 8.0, "concurrency": 4.0}
	for k, w := range want {
		if v.Knobs[k] != w {
			t.Errorf("knobs.%s = %v, want %v", k, v.Knobs[k], w)
		}
	}
	if len(v.Knobs) != len(want) {
		t.Errorf("knobs %v", v.Knobs)
	}
	if _, ok := got.Variants[0].Knobs["concurrency"]; ok {
		t.Error("a variant running two concurrencies has no single knobs.concurrency")
	}
}

// The text form: one table per file, one row per variant; the llm-d file
// is one warning line and exit 2; result files are passed over.
func TestRecipesTextAndExitCode(t *testing.T) {
	out, errOut, code := runCmd(t, "recipes", shapesDir())
	if code != exitBadInput {
		t.Errorf("exit %d", code)
	}
	if strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "llm-d.yaml: llm-d recipe: not an srt-slurm recipe") {
		t.Errorf("stderr %q", errOut)
	}
	wantAll(t, out,
		"s1-flat-sglang-disagg.yaml (sglang, 1 variant)",
		"–         s1-3p1d-dep4-dep16  disagg  3 × dep4 (4 GPUs)  1 × dep16 (16 GPUs)    28  64  1024  mtp   512,1024",
		"sweep[3]  sweep_tp8_conc32  agg   1 × tp8 (8 GPUs)  –          8  32    –  –     32",
		"override_c4   nested_c4   disagg  1 × tp4 (4 GPUs)  1 × tp4 (4 GPUs)     8  64    –  –     4",
	)
	if strings.Contains(out, "api-wrapped") || strings.Count(out, "variant") != 9 {
		t.Errorf("not one table per recipe file:\n%s", out)
	}
}

func TestRecipesNeedsAPath(t *testing.T) {
	if _, errOut, code := runCmd(t, "recipes"); code != exitBadInput || !strings.Contains(errOut, "name at least one") {
		t.Errorf("exit %d stderr %q", code, errOut)
	}
}
