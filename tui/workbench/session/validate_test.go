package session

import (
	"slices"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/tui/workbench"
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

// TestUnknownXAxisIsNamed: a hand-edited x axis that is none of sweeptune's
// is named like an unknown y metric, not dropped silently.
func TestUnknownXAxisIsNamed(t *testing.T) {
	st := workbench.New()
	problems := File{Version: Version, XAxis: "bogus"}.Apply(st)
	want := `x axis "bogus" unknown: ` + st.X.Name + ` shown`
	if !slices.Contains(problems, want) {
		t.Errorf("problems %q, want %q among them", problems, want)
	}
	if problems := (File{Version: Version, XAxis: "p90-intvty"}).Apply(workbench.New()); len(problems) != 0 {
		t.Errorf("a known axis: %q", problems)
	}
}
