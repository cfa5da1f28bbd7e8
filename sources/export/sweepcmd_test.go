package export

import (
	"os"
	"path/filepath"
	"testing"
)

// The next command runs where InferenceX's script finds configs/runners.yaml:
// from the checkout's root when the master lies in one, named from there.
func TestSweepCommandFromTheCheckout(t *testing.T) {
	root := t.TempDir()
	script := filepath.Join(root, filepath.FromSlash(sweepScript))
	if err := os.MkdirAll(filepath.Dir(script), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(script, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	master := filepath.Join(root, ".github", "configs", "nvidia-master.yaml")
	got := sweepCommand(master, []string{"k-agg", "k disagg"})
	want := "cd " + shellWord(root) + " && python utils/matrix_logic/generate_sweep_configs.py test-config" +
		" --config-files .github/configs/nvidia-master.yaml --runner-config configs/runners.yaml --config-keys k-agg 'k disagg'"
	if got != want {
		t.Errorf("in a checkout:\n got %s\nwant %s", got, want)
	}
	outside := filepath.Join(t.TempDir(), "master.yaml")
	got = sweepCommand(outside, []string{"k"})
	want = "python utils/matrix_logic/generate_sweep_configs.py test-config --config-files " + shellWord(outside) +
		" --runner-config configs/runners.yaml --config-keys k"
	if got != want {
		t.Errorf("outside a checkout:\n got %s\nwant %s", got, want)
	}
}
