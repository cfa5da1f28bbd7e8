package export_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/sources/export"
	"github.com/sweeptune/sweeptune/sources/srt"
)

// Two config keys that run one bundle (InferenceX's dsv4 mtp2 and
// mtp2-nosynthetic keys select the same recipe files): a point added to
// the bundle gets a row in each key named, in that key's own style.
func TestOneBundleSeveralKeysEachGetTheRow(t *testing.T) {
	dir := copyFiles(t, fixtures, aggBundle, bundleName, masterName, clName)
	masterPath := filepath.Join(dir, masterName)
	b, err := os.ReadFile(masterPath)
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	at := strings.Index(text, disaggKey+":")
	twin := strings.ReplaceAll(text[at:], disaggKey+":", disaggKey+"-nosynthetic:")
	twin = strings.ReplaceAll(twin, "          - \"SYNTHETIC_ACCEPTANCE=true\"\n          - \"SYNTHETIC_ACCEPTANCE_LENGTH=3.51\"\n", "")
	if err := os.WriteFile(masterPath, []byte(text+"\n"+twin), 0o644); err != nil {
		t.Fatal(err)
	}
	keys := []string{disaggKey, disaggKey + "-nosynthetic"}
	plan, err := export.BuildExport(export.ExportRequest{
		Points:        retunePoints(t).Points,
		Add:           []string{"3p1d-dep2-dep16-b18-c700"},
		RecipePaths:   []string{filepath.Join(dir, bundleName)},
		MasterPath:    masterPath,
		ConfigKeys:    keys,
		ChangelogPath: filepath.Join(dir, clName),
		AsOf:          "2026-11-05",
	})
	if err != nil {
		t.Fatalf("BuildExport: %v", err)
	}
	var master []byte
	for _, f := range plan.Files {
		if f.Path == masterPath {
			master = f.New
		}
	}
	if master == nil {
		t.Fatal("the master is not changed")
	}
	mc, warns, err := srt.ParseMaster(masterPath, master)
	if err != nil || len(warns) > 0 {
		t.Fatalf("the written master: %v %v", err, warns)
	}
	for _, k := range keys {
		var c700 []string
		for _, s := range mc.Entry(k).Scenarios {
			for _, r := range s.Rows {
				if _, ov := r.Selector(); ov == "override_3p1d_dep2_dep16_b18_c700" {
					c700 = append(c700, strings.Join(r.Prefill.Settings, " "))
				}
			}
		}
		if len(c700) != 1 {
			t.Errorf("%s: %d rows select the new override, want 1", k, len(c700))
			continue
		}
		synthetic := strings.Contains(c700[0], "SYNTHETIC_ACCEPTANCE=true")
		if synthetic != !strings.HasSuffix(k, "-nosynthetic") {
			t.Errorf("%s: the new row's settings %q are not in the key's own style", k, c700[0])
		}
	}
	if !strings.Contains(plan.Entry, keys[1]) || !strings.Contains(plan.Entry, keys[0]) {
		t.Errorf("the changelog entry does not list both keys:\n%s", plan.Entry)
	}
	if len(plan.Rows) != 2 {
		t.Errorf("%d rows planned, want one per key: %q", len(plan.Rows), plan.Rows)
	}
}
