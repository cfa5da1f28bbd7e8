// Command synthrows writes InferenceX API rows in the speed reference's
// shape (sources/synth.RowFiles) for timing the report at scale:
//
//	go run ./internal/synthrows -rows 1000000 -curves 1000 /tmp/rows1m.json
//	go run ./internal/synthrows -rows 1000000 -curves 1000 -per-file 500000 /tmp/rows1m.d
//
// With -per-file smaller than -rows the path is a directory that gets
// rows0.json, rows1.json, …
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/sweeptune/sweeptune/sources/synth"
)

func main() {
	rows := flag.Int("rows", 1000000, "rows to write")
	curves := flag.Int("curves", 1000, "about how many curves the rows spread over")
	perFile := flag.Int("per-file", 0, "rows per file (0: one file)")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: synthrows [-rows N] [-curves N] [-per-file N] PATH")
		os.Exit(2)
	}
	out := flag.Arg(0)
	per := *perFile
	if per <= 0 || per >= *rows {
		if err := os.WriteFile(out, synth.Rows(*rows, *curves), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for i, data := range synth.RowFiles(*rows, *curves, per) {
		if err := os.WriteFile(filepath.Join(out, fmt.Sprintf("rows%d.json", i)), data, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}
