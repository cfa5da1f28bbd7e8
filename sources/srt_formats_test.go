package sources

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The srt-slurm dialect's formats, found in the registry and gathered into
// the dataset (sources/srt reads them).

func TestLoadKeepsChangelogs(t *testing.T) {
	ds := LoadBytes("perf-changelog.yaml", []byte("- config-keys:\n    - dsr1-fp4-mi355x-sglang\n  description:\n    - \"First MI355X sweep\"\n  pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/1\n"), Options{})
	if len(ds.Changelogs) != 1 || len(ds.Changelogs[0].Entries) != 1 || ds.Changelogs[0].Path != "perf-changelog.yaml" {
		t.Fatalf("changelogs %+v", ds.Changelogs)
	}
}

// TestFixturesLoadWithoutWarnings: the recipe joins as variants; the master
// config and changelog are recognised and yield no points and no warnings.
func TestFixturesLoadWithoutWarnings(t *testing.T) {
	ds := LoadPaths([]string{"../testdata/export"}, Options{})
	if len(ds.Warnings) > 0 {
		t.Fatalf("warnings: %v", ds.Warnings)
	}
	if len(ds.Variants) != 6 || len(ds.Points) != 0 {
		t.Fatalf("variants %d points %d", len(ds.Variants), len(ds.Points))
	}
	for _, f := range []string{"nvidia-master.excerpt.yaml", "perf-changelog.excerpt.yaml", "disagg-dep16-hicache-variants.yaml", "agg-variants.yaml"} {
		data, _ := os.ReadFile("../testdata/export/" + f)
		if FormatName(data) == "" || FormatName(data) == "points table" {
			t.Errorf("%s detected as %q", f, FormatName(data))
		}
	}
}

// TestSrtFormatsDetected: the real master configs and a real recipe bundle
// are told apart from the other YAML formats.
func TestSrtFormatsDetected(t *testing.T) {
	for _, f := range []string{"inferencex-config/nvidia-master.excerpt.yaml", "inferencex-config/nvidia-master.newer.excerpt.yaml",
		"srt-slurm/inferencex-e2e__dsv41flash__sglang__gb300-fp4__agentx__disagg-variants.yaml",
		"srt-slurm/inferencex__dsv4-agentic__disagg-gb300-2p4d-dep8-dep16-c256-mtp-kvoffload.yaml"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "shared", "formats", f))
		if err != nil {
			t.Skipf("shared formats not available: %v", err)
		}
		want := "InferenceX master config"
		if strings.HasPrefix(f, "srt-slurm/") {
			want = "srt-slurm recipe"
		}
		if FormatName(data) != want {
			t.Errorf("%s detected as %q", f, FormatName(data))
		}
	}
}
