package export

import (
	"regexp"
	"strings"
)

// sayings turn the export's messages, written for the CLI's flags, into
// the workbench's words: its keys and panes. The CLI keeps its own.
var sayings = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`^--recipe: .* is required$`),
		"no recipe set: t in the export pane sets the recipe (a bundle, a recipe or a directory of them) the export goes into"},
	{regexp.MustCompile(`\(remove it or use --replace\)`), "(remove it, or t in the export pane → replace existing overrides)"},
	{regexp.MustCompile(`\(use --replace to overwrite it\)`),
		"(exported before? t in the export pane → replace existing overrides; or m/a takes the point out)"},
	{regexp.MustCompile(`\(use --replace\)`), "(t in the export pane → replace existing overrides)"},
	{regexp.MustCompile(`^--config-key: (.*)$`), "$1 t in the export pane sets the config key"},
	{regexp.MustCompile(`needs config keys \(--config-key\)`), "needs a config key: t in the export pane sets it"},
	{regexp.MustCompile(`\(use --force with a reason\)`), "(m unmarks it; the review pane says why)"},
	{regexp.MustCompile(`\(pass it as explicit if meant\)`), "(the planner keeps MRR = ranks × BS)"},
	{regexp.MustCompile(`^nothing to export: give points to add \(--add\) or remove \(--remove\)$`),
		"nothing to export: a adds a point (points pane or planner), m marks one for removal"},
	{regexp.MustCompile(`reload and export again`), "the export pane re-reads it now: check the preview, then w again"},
	{regexp.MustCompile(`pass it as --image to update`), "set it as the image (t in the export pane) to update"},
	{regexp.MustCompile(` \(--image\)$`), " (the image set with t)"},
	{regexp.MustCompile(`: pass --recipe with the (.*) bundle that runs it too \(several --recipe make one change set\)$`),
		": add the $1 bundle that runs it to the recipe (t in the export pane; a comma list of recipes makes one change set)"},
	{regexp.MustCompile(`, pass --recipe with the (.*) bundle that runs it$`),
		", add the $1 bundle that runs it to the recipe (t in the export pane; a comma list makes one change set)"},
	{regexp.MustCompile(`^--(add|remove): `), ""},
	{regexp.MustCompile(` \(--force\)`), ""},
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
