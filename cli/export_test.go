package cli

import (
	"bytes"
	"github.com/sweeptune/sweeptune/sources/export"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// exportFixtures copies the demo retune's targets (the bundle, the master
// config and the changelog) and the also named files of testdata/export
// into a temp dir and returns it.
func exportFixtures(t *testing.T, also ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range append([]string{"disagg-dep16-hicache-variants.yaml", "nvidia-master.excerpt.yaml", "perf-changelog.excerpt.yaml"}, also...) {
		os.WriteFile(filepath.Join(dir, f), readTestdata(t, "export/"+f), 0o644)
	}
	return dir
}

// exportArgs is an export of the demo's disagg key alone: its sweep would
// replace the published agg points too, so it accepts that loss
// (--accept-coverage-loss) to test the rest.
func exportArgs(dir string, extra ...string) []string {
	return append([]string{"export", "--accept-coverage-loss",
		"--add", "3p1d-dep2-dep16-b18-c700,7p1d-dep2-dep16-b96-c5540,9p1d-dep2-dep16-b192-c7480",
		"--recipe", filepath.Join(dir, "disagg-dep16-hicache-variants.yaml"),
		"--master", filepath.Join(dir, "nvidia-master.excerpt.yaml"),
		"--config-key", "dsv41flash-fp4-gb300-dynamo-sglang-agentic-dspark-disagg-hicache",
		"--changelog", filepath.Join(dir, "perf-changelog.excerpt.yaml")}, extra...)
}

// changeSetArgs is the README's change-set export on the targets in dir:
// the demo retune over both recipes and both config keys, with the image
// and router version to pin.
func changeSetArgs(dir string, extra ...string) []string {
	return append([]string{"export",
		"--add", "3p1d-dep2-dep16-b18-c700,7p1d-dep2-dep16-b96-c5540,9p1d-dep2-dep16-b192-c7480",
		"--remove", "agg-tep2-c16,8p1d-dep2-dep16-c4096,9p1d-dep2-dep16-b160-c7480",
		"--recipe", filepath.Join(dir, "agg-variants.yaml"), "--recipe", filepath.Join(dir, "disagg-dep16-hicache-variants.yaml"),
		"--master", filepath.Join(dir, "nvidia-master.excerpt.yaml"),
		"--config-key", "dsv41flash-fp4-gb300-dynamo-sglang-agentic-agg,dsv41flash-fp4-gb300-dynamo-sglang-agentic-dspark-disagg-hicache",
		"--changelog", filepath.Join(dir, "perf-changelog.excerpt.yaml"),
		"--image", "lmsysorg/sglang:nightly-dev-cu13-20261030-302b78cc", "--router-version", "1.7.0.dev20261029"}, extra...)
}

func TestExportCommand(t *testing.T) {
	dir := exportFixtures(t)
	bundle := filepath.Join(dir, "disagg-dep16-hicache-variants.yaml")
	before, _ := os.ReadFile(bundle)

	// Dry run (the default): a diff per file, nothing written.
	out, stderr, code := runCmd(t, exportArgs(dir, "--remove", "8p1d-dep2-dep16-c4096,9p1d-dep2-dep16-b160-c7480")...)
	if code != exitOK || strings.Count(out, "\n+++ b/") != 3 || !strings.HasPrefix(out, "after merge · ") || !strings.Contains(out, "\n--- a/") {
		t.Fatalf("dry run: exit %d, stderr %s\n%s", code, stderr, out)
	}
	if now, _ := os.ReadFile(bundle); !bytes.Equal(now, before) {
		t.Fatal("dry run wrote the bundle")
	}

	// A removal the review does not clear is refused: exit 1.
	_, stderr, code = runCmd(t, exportArgs(dir, "--remove", "5p1d-dep2-dep16-b40-c2884")...)
	if code != exitRefused || !strings.Contains(stderr, "refused: 5p1d-dep2-dep16-b40-c2884") {
		t.Fatalf("refusal: exit %d, %s", code, stderr)
	}

	// Bad input: exit 2.
	if _, _, code = runCmd(t, "export", "--add", "nope", "--recipe", bundle); code != exitBadInput {
		t.Fatalf("unknown ID: exit %d", code)
	}

	// --write replaces the files and keeps backups under the state directory.
	out, stderr, code = runCmd(t, exportArgs(dir, "--remove", "8p1d-dep2-dep16-c4096,9p1d-dep2-dep16-b160-c7480", "--write", "--pr-link", "https://github.com/SemiAnalysisAI/InferenceX/pull/4673")...)
	if code != exitOK || strings.Count(out, "wrote ") != 3 {
		t.Fatalf("write: exit %d, %s\n%s", code, stderr, out)
	}
	if bak, _ := os.ReadFile(export.BackupPath(bundle)); !bytes.Equal(bak, before) {
		t.Error("the backup is not the original")
	}
	if _, err := os.Stat(bundle + ".bak"); err == nil {
		t.Error("a .bak was left beside the bundle")
	}
	cl, _ := os.ReadFile(filepath.Join(dir, "perf-changelog.excerpt.yaml"))
	if !strings.HasSuffix(string(cl), "  pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/4673\n") {
		t.Errorf("changelog does not end with the new entry:\n%s", cl)
	}
	// Exporting the same points again collides with the overrides just written.
	if _, stderr, code = runCmd(t, exportArgs(dir)...); code != exitRefused || !strings.Contains(stderr, "--replace") {
		t.Errorf("second export: exit %d, %s", code, stderr)
	}
}
