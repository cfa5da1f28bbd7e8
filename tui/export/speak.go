package export

import (
	"strings"

	"github.com/sweeptune/sweeptune/internal/lazyre"
)

// sayings turn the export's messages, written for the CLI's flags, into
// the workbench's words: its keys and panes. The CLI keeps its own.
var sayings = []struct {
	re   *lazyre.Regexp
	with string
}{
	{lazyre.New(`^--recipe: .* is required$`),
		"no recipe set: t in the export pane sets the recipe (a bundle, a recipe or a directory of them) the export goes into"},
	{lazyre.New(`\(remove it or use --replace\)`), "(remove it, or t in the export pane → replace existing overrides)"},
	{lazyre.New(`\(use --replace to overwrite it\)`),
		"(exported before? t in the export pane → replace existing overrides; or m/a takes the point out)"},
	{lazyre.New(`\(use --replace\)`), "(t in the export pane → replace existing overrides)"},
	{lazyre.New(`^--config-key: (.*)$`), "$1 t in the export pane sets the config key"},
	{lazyre.New(`needs config keys \(--config-key\)`), "needs a config key: t in the export pane sets it"},
	{lazyre.New(`\(use --force with a reason\)`), "(m unmarks it; the review pane says why)"},
	{lazyre.New(`\(pass it as explicit if meant\)`), "(the planner keeps MRR = ranks × BS)"},
	{lazyre.New(`^nothing to export: give points to add \(--add\) or remove \(--remove\)$`),
		"nothing to export: a adds a point (points pane or planner), m marks one for removal"},
	{lazyre.New(`reload and export again`), "the export pane re-reads it now: check the preview, then w again"},
	{lazyre.New(`pass it as --image to update`), "set it as the image (t in the export pane) to update"},
	{lazyre.New(` \(--image\)$`), " (the image set with t)"},
	{lazyre.New(`: pass --recipe with the (.*) bundle that runs it too \(several --recipe make one change set\)$`),
		": add the $1 bundle that runs it to the recipe (t in the export pane; a comma list of recipes makes one change set)"},
	{lazyre.New(`, pass --recipe with the (.*) bundle that runs it$`),
		", add the $1 bundle that runs it to the recipe (t in the export pane; a comma list makes one change set)"},
	{lazyre.New(`^--(add|remove): `), ""},
	{lazyre.New(` \(--force\)`), ""},
}

// speak rewrites one message in the workbench's words.
func speak(s string) string {
	for _, r := range sayings {
		s = r.re.ReplaceAllString(s, r.with)
	}
	return s
}

// speakAll rewrites each message.
func speakAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = speak(s)
	}
	return out
}

// flagWords are CLI flags no workbench message may name (tests).
var flagWords = strings.Fields("--recipe --master --changelog --config-key --pr-link --replace --remove --add --force --explicit-mrr --image")
