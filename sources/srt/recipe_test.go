package srt

import (
	"testing"
)

func TestDeepMergeRules(t *testing.T) {
	base := map[string]any{"a": map[string]any{"x": 1, "y": 2}, "l": []any{1, 2}, "gone": "v"}
	over := map[string]any{"a": map[string]any{"y": 3, "z": nil}, "l": []any{9}, "gone": nil}
	got := DeepMerge(base, over)
	a := got["a"].(map[string]any)
	if a["x"] != 1 || a["y"] != 3 || len(a) != 2 {
		t.Errorf("maps merge: %v", a)
	}
	if l := got["l"].([]any); len(l) != 1 || l[0] != 9 {
		t.Errorf("lists replace: %v", l)
	}
	if _, ok := got["gone"]; ok {
		t.Error("null must delete")
	}
	if base["a"].(map[string]any)["y"] != 2 {
		t.Error("base modified")
	}
}

const zipBundle = `schema: 2
base:
  name: b
  resources: {gpus_per_node: 4}
  roles:
    prefill: {nodes: 1, workers: 1, gpus: 4, args: {tp-size: 4}}
    decode: {nodes: 2, workers: 1, gpus: 8, args: {tp-size: 8, ep-size: 8, enable-dp-attention: true}}
zip_override_sweep:
  roles:
    decode:
      args:
        cuda-graph-max-bs: [16, 32, 64]
        max-running-requests: [128]
  benchmark:
    env:
      CONC: ["64", "128", "256"]
zip_override_bad:
  benchmark:
    env:
      CONC: ["1", "2"]
      X: [1, 2, 3]
`

func TestZipOverrides(t *testing.T) {
	vs, warns := ParseRecipe("z.yaml", []byte(zipBundle))
	if len(warns) != 1 || warns[0].Field != "zip_override_bad" {
		t.Fatalf("want one warning naming zip_override_bad, got %v", warns)
	}
	if len(vs) != 3 {
		t.Fatalf("%d variants, want 3", len(vs))
	}
	for i, want := range []struct{ bs, conc int }{{16, 64}, {32, 128}, {64, 256}} {
		k := vs[i].Knobs
		if k.DecodeBS != want.bs || k.Concurrency != want.conc || k.MaxRunningRequests != 128 {
			t.Errorf("variant %d: bs %d conc %d mrr %d", i, k.DecodeBS, k.Concurrency, k.MaxRunningRequests)
		}
		if vs[i].Override != "zip_override_sweep["+string(rune('0'+i))+"]" || vs[i].Name != "b_sweep_"+string(rune('0'+i)) {
			t.Errorf("variant %d: key %q name %q", i, vs[i].Override, vs[i].Name)
		}
		if k.Decode.Parallelism() != "dep8" || k.Prefill.Parallelism() != "tp4" {
			t.Errorf("variant %d: %s / %s", i, k.Prefill.Parallelism(), k.Decode.Parallelism())
		}
	}
}

func TestRecipeFieldWarnings(t *testing.T) {
	bad := "schema: 2\nbase:\n  roles:\n    prefill: {workers: 1}\n    decode: {workers: -2}\noverride_x:\n  benchmark: {env: {CONC: abc}}\n"
	_, warns := ParseRecipe("bad.yaml", []byte(bad))
	if len(warns) != 1 || warns[0].File != "bad.yaml" || warns[0].Field != "override_x (resolved) roles.decode.workers" {
		t.Fatalf("got %v", warns)
	}
}

func TestMasterAndChangelogShared(t *testing.T) {
	for _, f := range []string{"inferencex-config/nvidia-master.excerpt.yaml", "inferencex-config/nvidia-master.newer.excerpt.yaml"} {
		data := sharedFile(t, f)
		mc, warns, err := ParseMaster(f, data)
		if err != nil || len(warns) > 0 {
			t.Fatalf("%s: %v %v", f, err, warns)
		}
		if e := mc.Entry("dsr1-fp4-b200-dynamo-sglang"); e != nil {
			r := e.Scenarios[0].Rows[0]
			if file, ov := r.Selector(); file != "recipes/b200-fp4/8k1k.yaml" || ov != "zip_override_stp_lowlat[0]" || r.Prefill.NumWorker != 1 || r.ConcList[1] != 128 {
				t.Errorf("zip selector row: %q %q %+v", file, ov, r)
			}
		}
		if e := mc.Entry("dsv4-fp4-b200-dynamo-sglang-agentic-disagg"); e != nil {
			if _, ov := e.Scenarios[0].Rows[2].Selector(); ov != "override_2p1d_c256" {
				t.Errorf("override selector %q", ov)
			}
		}
	}
	for _, f := range []string{"inferencex-config/perf-changelog.excerpt.yaml", "inferencex-config/perf-changelog.newer-dsv41flash.excerpt.yaml"} {
		data := sharedFile(t, f)
		es, warns := ParseChangelog(f, data)
		if len(warns) > 0 || len(es) < 3 {
			t.Fatalf("%s: %d entries, %v", f, len(es), warns)
		}
	}
	_, warns := ParseChangelog("c.yaml", []byte("- config-keys: [a]\n  description: [x]\n  pr-link: u\n  reviewer: me\n"))
	if len(warns) != 1 || warns[0].Field != "entry 1 (line 1).reviewer" {
		t.Errorf("unknown key: %v", warns)
	}
}
