package cli

import (
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// exampleClaims pairs each example's command line with the numbers its
// comment claims (the comment on its lines and on comment-only lines right
// after it): "+11.05 %", "243,084.79", "96–112".
func exampleClaims(ex string) map[string][]string {
	out := map[string][]string{}
	cmd, cur := "", ""
	claim := func(c string) {
		if cmd != "" {
			out[cmd] = append(out[cmd], claimNumbers.FindAllString(c, -1)...)
		}
	}
	for _, l := range strings.Split(ex, "\n") {
		l = strings.TrimSpace(l)
		if strings.HasPrefix(l, "#") {
			claim(l)
			continue
		}
		comment := ""
		if i := strings.Index(l, " #"); i >= 0 {
			l, comment = strings.TrimSpace(l[:i]), l[i:]
		}
		if l == "" {
			continue
		}
		if strings.HasSuffix(l, `\`) {
			cur += strings.TrimSuffix(l, `\`) + " "
			continue
		}
		cmd, cur = cur+l, ""
		claim(comment)
	}
	return out
}

// A number with a thousands separator, a decimal point, a percent sign or a
// range: what a comment claims the output says (not an ID's digits).
var claimNumbers = regexp.MustCompile(`[+−-]?\d[\d,]*(\.\d+)?(–\d[\d,]*(\.\d+)?| %)|\d{1,3}(,\d{3})+(\.\d+)?|\d+\.\d+`)

// Every number an example's comment claims is in what the example prints
// (the PR's line values for review, the gains for compare, the recommended
// batch cap for plan).
func TestExampleCommentsHold(t *testing.T) {
	noUserConfig(t)
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	var cmds []*cobra.Command
	forEach(newRoot(&cmdEnv{}, nil), func(c *cobra.Command) { cmds = append(cmds, c) })
	t.Chdir("..")
	checked := 0
	for _, c := range cmds {
		for line, claims := range exampleClaims(c.Example) {
			if len(claims) == 0 || strings.ContainsAny(line, "|>") {
				continue
			}
			_, _, out, _ := onTerminal(t, strings.Fields(line)[1:]...)
			for _, n := range claims {
				if !strings.Contains(out, strings.ReplaceAll(n, "−", "-")) {
					t.Errorf("%q claims %q; its output:\n%.2000s", line, n, out)
				}
				checked++
			}
		}
	}
	if checked < 6 {
		t.Errorf("only %d claimed numbers checked", checked)
	}
}
