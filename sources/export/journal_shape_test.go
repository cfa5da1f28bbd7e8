package export

import (
	"path/filepath"
	"strings"
	"testing"
)

// Even a journal that verifies under the user's key is settled only when
// every path it names is one of an export's own files beside it, in the
// directories this export writes.
func TestSignedJournalNamingOtherPathsIsRefused(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	dir, outside := t.TempDir(), t.TempDir()
	real := filepath.Join(dir, "recipe.yaml")
	copyPath := filepath.Join(dir, journalPrefix+"0123456789ab"+journalSuffix)
	good := func() *journal {
		f := journalFile{Path: real, Real: real, Temp: filepath.Join(dir, ownTempName("recipe.yaml")),
			Restore: filepath.Join(dir, ownTempName("recipe.yaml")), Bak: BackupPath(real),
			BakTemp: filepath.Join(filepath.Dir(BackupPath(real)), ownTempName("recipe.yaml.bak")), New: "n", Old: "o"}
		return &journal{Version: journalVersion, State: stateReplacing, Copies: []string{copyPath},
			Files: []journalFile{f}, Temps: []string{f.Temp, f.Restore, f.BakTemp}}
	}
	if j := good(); j.sign() != "" {
		t.Fatalf("an export's own journal refused: %s", j.sign())
	}
	for name, spoil := range map[string]func(j *journal){
		"a copy outside":         func(j *journal) { j.Copies = append(j.Copies, filepath.Join(outside, filepath.Base(copyPath))) },
		"a file outside":         func(j *journal) { j.Files[0].Real = filepath.Join(outside, ".bashrc") },
		"a temp outside":         func(j *journal) { j.Temps = append(j.Temps, filepath.Join(outside, "precious.txt")) },
		"a user's temp":          func(j *journal) { j.Files[0].Temp = filepath.Join(dir, ".recipe.yaml.tmp-123") },
		"a staged file renamed":  func(j *journal) { j.Files[0].Restore = filepath.Join(dir, ".profile") },
		"a backup elsewhere":     func(j *journal) { j.Files[0].Bak = filepath.Join(outside, "recipe.yaml.bak") },
		"a relative path":        func(j *journal) { j.Files[0].Real = "recipe.yaml" },
		"a dotted path":          func(j *journal) { j.Files[0].Real = dir + "/../" + filepath.Base(dir) + "/recipe.yaml" },
		"a created file's bak":   func(j *journal) { j.Files[0].Create = true },
		"a temp of another file": func(j *journal) { j.Files[0].Temp = filepath.Join(dir, ownTempName("other.yaml")) },
	} {
		j := good()
		spoil(j)
		problem := j.sign()
		if problem == "" {
			t.Errorf("%s: settled", name)
		} else if strings.Contains(problem, "not written by sweeptune") {
			t.Errorf("%s: %s (the signature was good)", name, problem)
		}
	}
	j := good()
	j.MAC = j.mac()
	if p := j.problem(copyPath, []string{outside}); !strings.Contains(p, "which this export does not write") {
		t.Errorf("a journal of other targets: %q", p)
	}
}

// sign signs the journal as save does and says what problem finds.
func (j *journal) sign() string {
	j.MAC = j.mac()
	return j.problem(j.Copies[0], []string{filepath.Dir(j.Copies[0])})
}
