package cli

import (
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// exampleLines are the command lines of an Example: continuations joined,
// comments and what follows a pipe or a redirect dropped.
func exampleLines(ex string) []string {
	var out []string
	cur := ""
	for _, l := range strings.Split(ex, "\n") {
		l = strings.TrimSpace(l)
		if i := strings.Index(l, " #"); i >= 0 {
			l = strings.TrimSpace(l[:i])
		}
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		if strings.HasSuffix(l, `\`) {
			cur += strings.TrimSuffix(l, `\`) + " "
			continue
		}
		l = cur + l
		cur = ""
		if i := strings.Index(l, "sweeptune"); i > 0 { // source <(sweeptune ...)
			l = strings.TrimRight(l[i:], `)"'`)
		}
		if i := strings.IndexAny(l, "|>"); i >= 0 {
			l = strings.TrimSpace(l[:i])
		}
		out = append(out, l)
	}
	return out
}

// Every command has examples in its help, and every example runs (from the
// repository root, on the demo or testdata/) and exits 0.
func TestEveryExampleRuns(t *testing.T) {
	noUserConfig(t)
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	var cmds []*cobra.Command
	forEach(newRoot(&cmdEnv{}, nil), func(c *cobra.Command) { cmds = append(cmds, c) })
	t.Chdir("..")
	ran := 0
	for _, c := range cmds {
		if c.Hidden || c.Name() == "__complete" || c.Name() == "__completeNoDesc" {
			continue
		}
		lines := exampleLines(c.Example)
		if len(lines) == 0 {
			t.Errorf("%s has no Example", c.Name())
		}
		for _, l := range lines {
			args := strings.Fields(l)
			if args[0] != "sweeptune" {
				t.Errorf("%s: example %q does not start with sweeptune", c.Name(), l)
				continue
			}
			if c.Name() == "man" && len(args) > 2 {
				args = []string{"sweeptune", "man", "--dir", t.TempDir()}
			}
			_, started, out, code := onTerminal(t, args[1:]...)
			if c.Name() != "tui" && c.Name() != "sweeptune" && started {
				t.Errorf("%q started the workbench", l)
			}
			if code != exitOK {
				t.Errorf("%q: exit %d\n%.600s", l, code, out)
			}
			ran++
		}
	}
	if ran < 30 {
		t.Errorf("only %d examples ran", ran)
	}
}

// help CMD prints CMD's own help (its examples included), not the top level.
func TestHelpCommandPrintsTheCommandsHelp(t *testing.T) {
	out := runOK(t, "help", "report")
	wantAll(t, out, "Per curve (model · scenario", "sweeptune report [--x AXIS]", "Examples:\n  sweeptune report --x mean-intvty", "--log-x")
	if strings.Contains(out, "Available Commands") {
		t.Errorf("help report printed the top-level usage:\n%s", out)
	}
}
