package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportChild is a subprocess of TestConcurrentExportProcesses.
func TestExportChild(t *testing.T) {
	if os.Getenv("SWEEPTUNE_EXPORT_CHILD") == "" {
		t.Skip("run by TestConcurrentExportProcesses")
	}
	os.Exit(Run(strings.Split(os.Getenv("SWEEPTUNE_EXPORT_CHILD"), "\x1f"), os.Stdin, os.Stdout, os.Stderr))
}

// Two `export --write` processes on the same files at once used to both
// exit 0 while one export vanished (6 of 12 trials) or the files mixed
// both (2 of 12). Now each one that exits 0 is in the files, and the other
// exits 1 saying the file changed since it was loaded.
func TestConcurrentExportProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("starts 24 processes")
	}
	adds := []string{"7p1d-dep2-dep16-b96-c5540", "9p1d-dep2-dep16-b192-c7480"}
	refused := 0
	for trial := range 12 {
		dir := exportFixtures(t)
		var cmds []*exec.Cmd
		var outs []*bytes.Buffer
		for _, id := range adds {
			args := []string{"export", "--accept-coverage-loss", "--add", id, "--write",
				"--recipe", filepath.Join(dir, "disagg-dep16-hicache-variants.yaml"),
				"--master", filepath.Join(dir, "nvidia-master.excerpt.yaml"),
				"--config-key", "dsv41flash-fp4-gb300-dynamo-sglang-agentic-dspark-disagg-hicache",
				"--changelog", filepath.Join(dir, "perf-changelog.excerpt.yaml")}
			cmd := exec.Command(os.Args[0], "-test.run=^TestExportChild$")
			cmd.Env = append(os.Environ(), "SWEEPTUNE_EXPORT_CHILD="+strings.Join(args, "\x1f"))
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			cmds, outs = append(cmds, cmd), append(outs, &out)
		}
		for _, c := range cmds {
			if err := c.Start(); err != nil {
				t.Fatal(err)
			}
		}
		recipeOf := func() []byte {
			b, _ := os.ReadFile(filepath.Join(dir, "disagg-dep16-hicache-variants.yaml"))
			return b
		}
		codes := make([]int, len(cmds))
		for i, c := range cmds {
			c.Wait()
			codes[i] = c.ProcessState.ExitCode()
		}
		recipe := recipeOf()
		changelog, _ := os.ReadFile(filepath.Join(dir, "perf-changelog.excerpt.yaml"))
		ok := 0
		// The changelog entry names a point as the PR body does.
		entryName := map[string]string{adds[0]: "7P c5540 BS96", adds[1]: "9P c7480 BS192"}
		for i, id := range adds {
			key := "override_" + strings.ReplaceAll(id, "-", "_")
			switch codes[i] {
			case exitOK:
				ok++
				if !bytes.Contains(recipe, []byte(key+":")) || !bytes.Contains(changelog, []byte(entryName[id])) {
					t.Fatalf("trial %d: %s exited 0 but is lost from the files\n%s", trial, id, outs[i])
				}
			case exitRefused:
				refused++
				if !strings.Contains(outs[i].String(), "changed since it was loaded; reload and export again") || bytes.Contains(recipe, []byte(key+":")) {
					t.Fatalf("trial %d: %s refused without saying why, or half written:\n%s", trial, id, outs[i])
				}
			default:
				t.Fatalf("trial %d: %s exited %d:\n%s", trial, id, codes[i], outs[i])
			}
		}
		if ok == 0 {
			t.Fatalf("trial %d: both refused:\n%s\n%s", trial, outs[0], outs[1])
		}
	}
	t.Logf("%d of 12 trials overlapped (one export refused); the others ran one after the other", refused)
}
