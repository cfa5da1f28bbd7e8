package audit

import (
	"fmt"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner"
)

// plan asks the planner what runs the curve's weak bands could take
// within its GPUs (select --max-gpus), and keeps its best predicted win
// and the part of it past the model's error on this curve.
func plan(req Request, r *Row, c model.Curve) *Planned {
	out := &Planned{GPUs: r.GPUs}
	sel, err := model.Select(model.SelectRequest{Points: c.Points, Curve: c.Key, X: r.x, Y: AxisY, Margin: r.margin, AsOf: req.AsOf})
	if err != nil {
		out.Err = err.Error()
		return out
	}
	props, err := planner.Propose(planner.ProposeRequest{Selection: sel, Points: c.Points, MaxGPUs: r.GPUs})
	if err != nil {
		out.Err = strings.TrimPrefix(err.Error(), "propose: ")
		return out
	}
	out.ErrorPct, out.Source = props.Error.TputPct, props.Error.Source
	found := false
	for _, run := range props.Runs {
		if run.HasRef && (!found || run.WinPct > out.WinPct) {
			out.ID, out.WinPct, found = run.ID, run.WinPct, true
		}
	}
	if !found {
		out.Err = fmt.Sprintf("no run proposed within %d GPUs", r.GPUs)
		return out
	}
	out.Trusted = max(0, out.WinPct-out.ErrorPct)
	return out
}

// command is the first command to run on the curve: select with its GPUs.
func command(r *Row, paths []string) string {
	words := []string{"sweeptune", "select", "--curve", shellWord(r.Curve.String())}
	if r.GPUs > 0 {
		words = append(words, "--max-gpus", fmt.Sprint(r.GPUs))
	}
	for _, p := range paths {
		words = append(words, shellWord(p))
	}
	return strings.Join(words, " ")
}

// shellWord quotes a word for a POSIX shell when it needs it.
func shellWord(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=@+,") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
