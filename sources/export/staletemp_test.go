package export

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Only a temporary name this user's export made is one: a user's own
// ".<x>.tmp-<digits>" (os.CreateTemp's, another tool's) never is, nor a
// name of the right shape whose MAC is forged or made for another base.
func TestIsOwnTempOnlyForNamesItMade(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	name := ownTempName("recipe.yaml")
	if base, ok := isOwnTemp(name); !ok || base != "recipe.yaml" {
		t.Fatalf("isOwnTemp(%q) = %q, %v; want recipe.yaml, true", name, base, ok)
	}
	tok := name[len(".recipe.yaml"+tempMark):]
	flip := func(s string, i int) string {
		b := []byte(s)
		if b[i] == '0' {
			b[i] = '1'
		} else {
			b[i] = '0'
		}
		return string(b)
	}
	for _, s := range []string{
		".recipe.yaml.tmp-123456", ".bashrc.tmp-1", ".a.tmp-4242424242",
		".other.yaml" + tempMark + tok, // the MAC of another base
		".recipe.yaml" + tempMark + flip(tok, 0),
		".recipe.yaml" + tempMark + flip(tok, len(tok)-1),
		".recipe.yaml" + tempMark + tok + "0", "recipe.yaml" + tempMark + tok, "",
	} {
		if _, ok := isOwnTemp(s); ok {
			t.Errorf("isOwnTemp(%q) = true", s)
		}
	}
}

// A user's own temporary-looking files survive removeStaleTemps; a
// temporary file an export of this user left is removed.
func TestRemoveStaleTempsKeepsAUsersFiles(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	dir := t.TempDir()
	users := []string{".notes.txt.tmp-12345", ".recipe.yaml.tmp-1", ".bashrc.tmp-99"}
	for _, n := range users {
		os.WriteFile(filepath.Join(dir, n), []byte("mine"), 0o644)
	}
	ours, err := writeTemp(filepath.Join(dir, "recipe.yaml"), []byte("staged"), 0o644, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(filepath.Base(ours), ".recipe.yaml"+tempMark) {
		t.Fatalf("staged as %s", ours)
	}
	if n := removeStaleTemps([]string{dir}); n != 1 {
		t.Errorf("removed %d files, want 1", n)
	}
	for _, n := range users {
		if _, err := os.Stat(filepath.Join(dir, n)); err != nil {
			t.Errorf("the user's %s: %v", n, err)
		}
	}
	if _, err := os.Stat(ours); err == nil {
		t.Errorf("the export's own %s was left", ours)
	}
}
