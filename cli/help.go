package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

// newHelpCmd is `help [COMMAND]`: that command's help. Unlike cobra's own,
// an unknown topic is an error (exit 2) with the did-you-mean, not the
// top-level usage and exit 0.
func newHelpCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "help [COMMAND]",
		Short: "help about any command",
		Long:  "The help of COMMAND (its flags and examples); without COMMAND, sweeptune's.",
		ValidArgsFunction: func(c *cobra.Command, args []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
			cmd, _, err := c.Root().Find(args)
			if err != nil {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			var names []cobra.Completion
			for _, sub := range cmd.Commands() {
				if sub.IsAvailableCommand() {
					names = append(names, cobra.CompletionWithDesc(sub.Name(), sub.Short))
				}
			}
			return names, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(c *cobra.Command, args []string) error {
			root := c.Root()
			cmd, rest, err := root.Find(args)
			if err != nil || len(rest) > 0 {
				topic := strings.Join(args, " ")
				msg := fmt.Sprintf("unknown help topic %q", topic)
				if s := root.SuggestionsFor(args[len(args)-1]); len(s) > 0 && cmd == root {
					msg += "\n\nDid you mean this?\n\t" + strings.Join(s, "\n\t") + "\n"
				}
				return fmt.Errorf("%s", msg)
			}
			cmd.InitDefaultHelpFlag()
			addVersionFlag(cmd)
			return cmd.Help()
		},
	}
}

// shellsOnly makes `completion SHELL` refuse a shell it has no script for
// (cobra's prints its help and exits 0).
func shellsOnly(root *cobra.Command) {
	for _, c := range root.Commands() {
		if c.Name() != "completion" {
			continue
		}
		c.Args = cobra.ArbitraryArgs
		c.RunE = func(c *cobra.Command, args []string) error {
			if len(args) > 0 {
				return fmt.Errorf("no completion script for %q: want bash, zsh, fish or powershell", args[0])
			}
			return c.Help()
		}
	}
}
