package session

import (
	"strings"
	"testing"
)

// TestExportTargetsDroppedSaysWhich: a hand-edited session whose recipe
// holds an escape names the field and the reason, not "a value of 24
// bytes or with control characters".
func TestExportTargetsDroppedSaysWhich(t *testing.T) {
	for _, c := range []struct {
		t    Targets
		want string
	}{
		{Targets{Recipe: "/x/\x1b]0;t\x07.yaml"}, "export targets dropped: the recipe has control characters"},
		{Targets{Recipe: "r.yaml", ConfigKeys: []string{"ok", "bad\nkey"}}, "export targets dropped: the config key has control characters"},
		{Targets{Changelog: strings.Repeat("a", maxPathLen+1)}, "export targets dropped: the changelog is 4097 bytes, over 4096"},
	} {
		f := File{Export: &c.t}
		got, why := f.ExportTargets()
		if why != c.want || got.Recipe != "" {
			t.Errorf("ExportTargets(%+q) = %+v, %q; want dropped, %q", c.t.Recipe, got, why, c.want)
		}
	}
	f := File{Export: &Targets{Recipe: "r.yaml", ConfigKeys: []string{"k"}}}
	if got, why := f.ExportTargets(); why != "" || got.Recipe != "r.yaml" {
		t.Errorf("clean targets: %+v, %q", got, why)
	}
}
