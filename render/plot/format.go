package plot

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/sweeptune/sweeptune/model"
)

// yLabel formats a y tick in a fixed width (yLabelWidth): 853k, 1.12M,
// 53.2M, 567M (tok/s per MW), 1.23G.
func yLabel(v float64) string {
	var s string
	a := math.Abs(v)
	switch {
	case a >= 1e6:
		s = millions(v, a)
	case a >= 1e4:
		s = strconv.FormatFloat(v/1e3, 'f', 0, 64) + "k"
	case a >= 1e3:
		s = strconv.FormatFloat(v/1e3, 'f', 1, 64) + "k"
	case a >= 10 || v == 0:
		s = strconv.FormatFloat(v, 'f', 0, 64)
	case a >= 0.995:
		s = strconv.FormatFloat(v, 'f', 2, 64)
	case a >= 0.00995:
		s = strconv.FormatFloat(v, 'f', 3, 64) // cents: 0.025
	default:
		// A fraction of a cent per million tokens: 7.2e-4, in six cells.
		e := int(math.Floor(math.Log10(a)))
		m := v / math.Pow(10, float64(e))
		if math.Abs(m) >= 9.95 {
			m, e = m/10, e+1
		}
		s = strconv.FormatFloat(m, 'f', 1, 64) + "e" + strconv.Itoa(e)
	}
	if len(s) < yLabelWidth {
		s = strings.Repeat(" ", yLabelWidth-len(s)) + s
	}
	return s
}

// millions writes |v| ≥ 1e6 in M, G or T with three significant digits.
func millions(v, a float64) string {
	unit, scale := "M", 1e6
	for _, u := range []string{"G", "T"} {
		if a < scale*1000 {
			break
		}
		unit, scale = u, scale*1000
	}
	m := v / scale
	dec := 2
	switch {
	case math.Abs(m) >= 99.95:
		dec = 0
	case math.Abs(m) >= 9.995:
		dec = 1
	}
	return strconv.FormatFloat(m, 'f', dec, 64) + unit
}

func xLabelFormatter(a model.Axis) func(float64) string {
	return func(v float64) string {
		switch {
		case math.Abs(v) >= 100:
			return strconv.FormatFloat(v, 'f', 0, 64)
		case math.Abs(v) >= 10:
			return strconv.FormatFloat(v, 'f', 1, 64)
		default:
			return strconv.FormatFloat(v, 'f', 2, 64)
		}
	}
}

// AxisCaption names both axes by the names the CLI takes (--x, --y), the
// scale first so it survives a narrow pane's cut; the report and the
// workbench print the same line.
func AxisCaption(x, y model.Axis, logX bool) string {
	scale, dir := "linear", "higher is better"
	if logX {
		scale = "log scale"
	}
	if !x.HigherBetter {
		dir = "lower is better"
	}
	return fmt.Sprintf("x: %s (%s, %s, %s)   y: %s (%s)", x.Name, scale, x.Unit, dir, y.Name, y.Unit)
}
