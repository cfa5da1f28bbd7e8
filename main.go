// sweeptune is a terminal workbench for tuning the sweep points of
// InferenceX: load results, see the Pareto curve, plan, review, export.
package main

import (
	"os"

	"github.com/sweeptune/sweeptune/cli"
)

func main() { os.Exit(cli.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
