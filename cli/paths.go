package cli

import (
	"os"
	"path/filepath"

	"github.com/spf13/cobra"
	"github.com/sweeptune/sweeptune/planner/ledger"
	"github.com/sweeptune/sweeptune/render"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/tui/workbench/session"
)

func init() { register("paths", newPathsCmd) }

const pathsHelp = `Where sweeptune looks for and keeps its files on this machine: the GPU power
and cost config (read by every command; --gpu-config names another), the
state directory, the prediction ledger and the session file of the inputs named (the embedded
demo's without PATH; the workbench's --session names another), and the
cache of published results (--published). Each path is computed by the same
code that reads or writes it; "exists" says whether it is there now.`

func newPathsCmd(env *cmdEnv) *cobra.Command {
	var asJSON bool
	cmd := leaf(env, "paths [--json] [PATH...]", "where the config, state, session files and published cache live", pathsHelp,
		func(_ *cobra.Command, paths []string) int {
			places := userPlaces(paths)
			if asJSON {
				if err := writeDoc(env.json(), struct {
					Places []render.Place `json:"places"`
				}{places}, []string{}); err != nil {
					return exitBadInput
				}
				return exitOK
			}
			env.stdout.Write([]byte(render.PlacesText(places).Plain()))
			return exitOK
		})
	addJSON(cmd.Flags(), &asJSON)
	return cmd
}

// userPlaces are the files and directories sweeptune uses for the inputs.
func userPlaces(inputs []string) []render.Place {
	sess := session.DefaultPath(inputs)
	places := []render.Place{
		{Name: "config", Path: sources.DefaultGPUConfigPath(), About: "GPU power and cost per hardware (gpus.yaml)"},
		{Name: "state", Path: filepath.Dir(session.DefaultPath(nil)), About: "workbench sessions, one file per set of inputs"},
		{Name: "session", Path: sess, About: "the workbench session of these inputs"},
		{Name: "ledger", Path: ledger.DefaultPath(), About: "predictions recorded by plan --record and the workbench's a (scorecard's default)"},
		{Name: "published-cache", Path: sources.DefaultPublishedCacheDir(), About: "published results, served when the API is unreachable"},
	}
	for i := range places {
		if places[i].Path != "" {
			_, err := os.Stat(places[i].Path)
			places[i].Exists = err == nil
		}
	}
	return places
}
