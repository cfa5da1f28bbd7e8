package cli

import (
	"fmt"
	"io"
	"math"

	"github.com/spf13/pflag"
	"github.com/sweeptune/sweeptune/render"
)

// noiseFlags: the run-to-run spread assumed where no repeated measurement
// gives one (docs/noise.md).
type noiseFlags struct{ pct float64 }

func (f *noiseFlags) register(fs *pflag.FlagSet) {
	fs.Float64Var(&f.pct, "noise", 0, "run-to-run spread in percent assumed for metrics no repeated run measures (default: none; gains and margins within a measured spread are flagged anyway)")
}

// check says what is wrong with --noise, "" when nothing.
func (f *noiseFlags) check() string {
	if f.pct < 0 || f.pct > 100 || math.IsNaN(f.pct) || math.IsInf(f.pct, 0) {
		return fmt.Sprintf("--noise %v: want a percentage from 0 to 100", f.pct)
	}
	return ""
}

// writeLines prints rendered lines plain.
func writeLines(w io.Writer, lines []render.Line) {
	d := render.Doc{Lines: lines}
	fmt.Fprint(w, d.Plain())
}
