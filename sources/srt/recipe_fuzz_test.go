package srt

import (
	"os"
	"testing"

	"github.com/sweeptune/sweeptune/sources/shared"
)

func seedFiles(f *testing.F, paths ...string) {
	for _, p := range paths {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
}

func FuzzParseRecipe(f *testing.F) {
	seedFiles(f, "../../testdata/export/disagg-dep16-hicache-variants.yaml",
		"../../../shared/formats/srt-slurm/inferencex-e2e__dsv41flash__sglang__gb300-fp4__agentx__disagg-variants.yaml",
		"../../../shared/formats/srt-slurm/inferencex__dsv4-agentic__disagg-gb300-2p4d-dep8-dep16-c256-mtp-kvoffload.yaml")
	f.Add([]byte(zipBundle))
	f.Add([]byte("schema: 2\nbase: {roles: {prefill: {}, decode: {}}}\noverride_a: ~\n"))
	f.Add([]byte("resources: {prefill_workers: x}\nbackend: 3\n"))
	f.Fuzz(recipeHolds)
}

// recipeHolds parses data as a recipe: every warning names the file, and no
// variant has a negative knob or a concurrency below 1.
func recipeHolds(t *testing.T, data []byte) {
	vs, warns := ParseRecipe("f.yaml", data)
	for _, w := range warns {
		if w.File != "f.yaml" {
			t.Fatalf("warning without the file: %v", w)
		}
	}
	for _, v := range vs {
		k := v.Knobs
		if k.Prefill.Workers < 0 || k.Prefill.GPUs < 0 || k.Decode.GPUs < 0 || k.DecodeBS < 0 || k.Concurrency < 0 {
			t.Fatalf("negative knobs: %+v", k)
		}
		for _, c := range v.Concurrencies {
			if c <= 0 {
				t.Fatalf("concurrency %d", c)
			}
		}
	}
}

func FuzzParseMaster(f *testing.F) {
	seedFiles(f, "../../testdata/export/nvidia-master.excerpt.yaml",
		"../../../shared/formats/inferencex-config/nvidia-master.excerpt.yaml",
		"../../../shared/formats/inferencex-config/nvidia-master.newer.excerpt.yaml")
	f.Add([]byte("k:\n  scenarios:\n    s:\n    - search-space:\n      - conc-list: [x]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		mc, _, err := ParseMaster("m.yaml", data)
		if err == nil {
			for _, e := range mc.Entries {
				for _, s := range e.Scenarios {
					for _, r := range s.Rows {
						r.Selector()
					}
				}
			}
		}
	})
}

func FuzzChangelog(f *testing.F) {
	seedFiles(f, "../../testdata/export/perf-changelog.excerpt.yaml",
		"../../../shared/formats/inferencex-config/perf-changelog.excerpt.yaml")
	f.Add([]byte("- config-keys: [a]\n  description: [x]\n  pr-link: u\n  |\n"))
	f.Add([]byte("  - config-keys:\n      - a\n    description: [x]\n    pr-link: u"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ParseChangelog("c.yaml", data)
	})
}

func FuzzRecipeDialects(f *testing.F) {
	shared.AddShapeSeeds(f, "recipes/*.yaml",
		"name: s\nresources: {agg_nodes: 1}\nbackend: {}\nsweep: {a: [1, 2], b: []}\n",
		"name: s\nresources: {agg_nodes: \"{n}\"}\nbackend: {}\nsweep: {n: [[1, 2]], m: 3}\n",
		"base: {resources: {prefill_nodes: 1}, backend: {}}\nzip_override_z: {x: 1}\noverride_o: [1]\n",
		"schema: 2\nroles: {decode: {nodes: colocate, workers: 0}, prefill: {gpus: -1}}\n",
		"roles: {agg: {args: {tensor-parallel-size: 2, data-parallel-size: 99999999999}}}\nengine: vllm\n",
		"a: &a {b: *a}\nroles: {}\n",
		"resources: {}\nbackend: {type: trtllm, trtllm_config: {decode: {cuda_graph_config: {batch_sizes: [x, 9]}}}}\n")
	f.Fuzz(recipeHolds)
}
