package cli

import (
	"runtime/debug"

	"github.com/spf13/cobra"
	"github.com/sweeptune/sweeptune/render"
)

func init() { register("version", newVersionCmd) }

const versionHelp = `The module version and, when the binary was built from a git checkout, the
commit it was built from, its time and whether the tree had uncommitted
changes (from the Go toolchain's build stamp). A build without VCS stamping
(go build -buildvcs=false, as CI builds) says "unknown". sweeptune --version
prints the same.`

func newVersionCmd(env *cmdEnv) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use: "version [--json]", Short: "the version and the commit this binary was built from",
		Long: versionHelp, Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			env.code = exitOK
			b := thisBuild()
			if asJSON {
				if err := writeDoc(env.json(), b, []string{}); err != nil {
					env.code = exitBadInput
				}
				return nil
			}
			env.stdout.Write([]byte(render.BuildText("sweeptune", b).Plain()))
			return nil
		},
	}
	addJSON(cmd.Flags(), &asJSON)
	return cmd
}

// addVersionFlag gives the root --version (-v), which prints what version
// prints, as cobra's Command.Version would (same flag, usage and moment it
// is added). It is not cobra's: cobra prints that one through
// SetVersionTemplate's text/template, and a template's executor linked in
// keeps every exported method of every type in the binary (20 MB instead of
// 17), which every command paid at start-up.
func addVersionFlag(c *cobra.Command) {
	if c.HasParent() || c.Flags().Lookup("version") != nil {
		return
	}
	fs := c.Flags()
	usage := "version for " + c.DisplayName()
	if fs.ShorthandLookup("v") == nil && c.PersistentFlags().ShorthandLookup("v") == nil {
		fs.BoolP("version", "v", false, usage)
	} else {
		fs.Bool("version", false, usage)
	}
	_ = fs.SetAnnotation("version", cobra.FlagSetByCobraAnnotation, []string{"true"})
}

// versionAsked tells whether --version was given to cmd.
func versionAsked(cmd *cobra.Command) bool {
	v, err := cmd.Flags().GetBool("version")
	return err == nil && v
}

// thisBuild is the running binary's build.
func thisBuild() render.Build {
	info, _ := debug.ReadBuildInfo()
	return buildOf(info)
}

// buildOf reads a build stamp; a missing one (or missing VCS settings)
// reads as unknown.
func buildOf(info *debug.BuildInfo) render.Build {
	b := render.Build{Version: "(devel)", Revision: "unknown", Time: "unknown", Go: "unknown"}
	if info == nil {
		return b
	}
	if info.Main.Version != "" {
		b.Version = info.Main.Version
	}
	if info.GoVersion != "" {
		b.Go = info.GoVersion
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			b.Revision = s.Value
		case "vcs.time":
			b.Time = s.Value
		case "vcs.modified":
			m := s.Value == "true"
			b.Modified = &m
		}
	}
	return b
}
