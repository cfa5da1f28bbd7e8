package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner/ledger"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/themes"
	"github.com/sweeptune/sweeptune/tui"
	"github.com/sweeptune/sweeptune/tui/workbench/session"
)

func init() { register("tui", newTUICmd) }

// startTUI runs the workbench (tests replace it to see the options).
var startTUI = tui.Run

// tuiFlags are the workbench's own flags.
type tuiFlags struct {
	theme, color, sessionPath string
	viewDir                   string
	ledger                    string
	mouse, watch              bool
	export                    targetFlags // the export pane's targets
}

// register attaches the workbench's own flags (not the input and view ones).
func (f *tuiFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&f.viewDir, "out", "", "where e writes the view's CSV and text plot (default: the current directory)")
	fs.StringVar(&f.theme, "theme", "", "colour theme: dark, light, high-contrast or none (default: from the terminal background)")
	fs.StringVar(&f.color, "color", "auto", "colour: auto, always or never (NO_COLOR is honoured too)")
	fs.StringVar(&f.sessionPath, "session", "", "session file (default: in the user state directory, one per set of inputs)")
	fs.StringVar(&f.ledger, "ledger", "", "prediction ledger a records in and the planner's scorecard reads (default: "+ledger.DefaultPath()+")")
	fs.BoolVar(&f.mouse, "mouse", false, "enable the mouse (disables the terminal's own text selection)")
	fs.BoolVar(&f.watch, "watch", false, "re-read result directories when files change")
	f.export.register(fs)
}

const tuiHelp = `The workbench: curve, points, planner, review and export panes over the loaded
points (the embedded demo when no PATH is given). ? inside shows every key.
--x, --y and the date flags start the view there; without them the saved
session's view is restored.`

// workbench is what the workbench runs on: the input and view flags (shared
// with report when it is the default command) and its own.
type workbench struct {
	in *inputFlags
	vf *viewFlags
	x  *string
	f  *tuiFlags
}

func newTUICmd(env *cmdEnv) *cobra.Command {
	var in inputFlags
	var vf viewFlags
	var x string
	var f tuiFlags
	cmd := leaf(env, "tui [--x AXIS] [--y METRIC] [--theme THEME] [PATH...]",
		"the interactive workbench (default on a terminal)", tuiHelp,
		func(cmd *cobra.Command, paths []string) int {
			return runTUI(workbench{&in, &vf, &x, &f}, cmd.Flags(), paths, env)
		})
	fs := cmd.Flags()
	in.register(fs)
	vf.register(fs)
	addX(fs, &x, model.DefaultXAxis)
	f.register(fs)
	return cmd
}

func runTUI(w workbench, fs *pflag.FlagSet, paths []string, env *cmdEnv) int {
	in, vf, f := w.in, w.vf, w.f
	if f.theme != "" && !themes.Valid(f.theme) {
		fmt.Fprintf(env.stderr, "sweeptune: --theme %q: want dark, light, high-contrast or none\n", f.theme)
		return exitBadInput
	}
	if f.color != "auto" && f.color != "always" && f.color != "never" {
		fmt.Fprintf(env.stderr, "sweeptune: --color %q: want auto, always or never\n", f.color)
		return exitBadInput
	}
	inputs, ok := in.inputs(paths, env)
	if !ok {
		return exitBadInput
	}
	if slices.Contains(paths, sources.StdinPath) {
		fmt.Fprintf(env.stderr, "sweeptune: - (standard input): the workbench takes its keys from the terminal and reloads its inputs from disk; save the data to a file, or pipe it to sweeptune report\n")
		return exitBadInput
	}
	x, v, ok := vf.resolveXY("tui", *w.x, env.stderr)
	if !ok {
		return exitBadInput
	}
	opts := tui.Options{Inputs: inputs, Mouse: f.mouse, Specs: v.specs, AsOf: v.asOf, AllDates: v.allDates, IncludeSuspect: v.includeSuspect, Y: v.y, ViewDir: f.viewDir, Export: tui.ExportTargets{
		RecipePath: f.export.recipe(), MasterPath: f.export.master, ChangelogPath: f.export.changelog,
		ConfigKeys: cleanList(f.export.configKeys), PRLink: f.export.prLink, Image: f.export.image,
		RouterVersion: f.export.routerVersion,
	}}
	if !fs.Changed("y") {
		opts.Y = model.Axis{} // the session's y, else the default
	}
	if fs.Changed("x") {
		opts.X = x // else the session's x, else the default
	}
	opts.Ledger = f.ledger
	if opts.Ledger == "" {
		opts.Ledger = ledger.DefaultPath()
	}
	opts.SessionPath = f.sessionPath
	if opts.SessionPath == "" {
		opts.SessionPath = session.DefaultPath(paths)
	}
	sess, err := session.Load(opts.SessionPath)
	if err != nil {
		opts.Note = err.Error()
		var corrupt *session.CorruptError
		if !errors.As(err, &corrupt) || corrupt.KeptAs == "" {
			opts.SessionPath = "" // never overwrite what could not be read or kept aside
			opts.Note += " (session not saved)"
		}
		sess = session.File{Version: session.Version}
	}
	opts.Session = sess
	for _, warn := range v.warnings {
		opts.Note = strings.TrimPrefix(opts.Note+" · "+warn.String(), " · ")
	}
	var themeNote string
	opts.Theme, opts.LockTheme, themeNote = chooseTheme(*f, sess.Theme)
	if themeNote != "" {
		opts.Note = strings.TrimPrefix(opts.Note+" · "+themeNote, " · ")
	}
	if f.color == "always" {
		lipgloss.SetColorProfile(termenv.ANSI256)
	}
	if f.watch {
		opts.Watch = watchDirs(paths)
		if len(opts.Watch) == 0 {
			opts.Note = strings.TrimPrefix(opts.Note+" · --watch: no result directory given (the embedded demo does not change)", " · ")
		}
	}
	env.debugf("workbench: inputs %s, session %s, theme %s", inputsText(inputs), opts.SessionPath, opts.Theme)
	if err := startTUI(opts, env.debugPath); err != nil {
		fmt.Fprintf(env.stderr, "sweeptune: %v\n", err)
		return exitBadInput
	}
	return exitOK
}

// chooseTheme resolves the theme before the program starts (the
// background query reads the terminal and would race Bubble Tea): the
// flags, then the session's theme, then the terminal's background. A
// saved theme it does not know is named in the note, as the session's
// other bad values are ("session: theme \"x\" unknown: dark used").
func chooseTheme(f tuiFlags, saved string) (theme string, lock bool, note string) {
	noColor := os.Getenv("NO_COLOR") != "" && f.color != "always"
	never := f.color == "never"
	if never || noColor {
		return themes.None, true, ""
	}
	if f.theme != "" {
		return f.theme, false, ""
	}
	if themes.Valid(saved) {
		return saved, false, ""
	}
	theme = themes.Choose("", false, false, lipgloss.HasDarkBackground())
	if saved != "" {
		name := saved
		if r := []rune(name); len(r) > 40 {
			name = string(r[:39]) + "…"
		}
		note = fmt.Sprintf("session: theme %q unknown: %s used", name, theme)
	}
	return theme, false, note
}

// watchDirs are the directories to watch: each directory given, and the
// directory of each file given.
func watchDirs(paths []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			continue
		}
		d := p
		if !info.IsDir() {
			d = filepath.Dir(p)
		}
		if !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	return out
}
