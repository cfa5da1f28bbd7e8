package cli

import (
	"fmt"
	"os"

	"time"

	"github.com/spf13/cobra"
)

func init() { register("man", newManCmd) }

func newManCmd(env *cmdEnv) *cobra.Command {
	var dir string
	cmd := &cobra.Command{
		Use: "man [--dir DIR]", Short: "the manual page (roff) on stdout, or one page per command",
		Long: `The manual page of sweeptune (section 1, roff) on stdout; --dir writes one
page per command into DIR (sweeptune.1, sweeptune-report.1, ...). The pages
are made from the same command tree as --help, so the two never disagree.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			env.code = exitOK
			header := manHeader{title: "SWEEPTUNE", section: "1", date: time.Now().Format("Jan 2006"),
				source: "sweeptune " + thisBuild().Version, manual: "sweeptune manual"}
			root := cmd.Root()
			var err error
			if dir != "" {
				if err = os.MkdirAll(dir, 0o755); err == nil {
					err = writeManTree(root, header, dir)
				}
			} else {
				writeManPage(env.stdout, root, header)
			}
			if err != nil {
				fmt.Fprintf(env.stderr, "sweeptune man: %v\n", err)
				env.code = exitBadInput
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&dir, "dir", "", "write one page per command into this directory instead")
	return cmd
}
