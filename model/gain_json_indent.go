package model

import (
	"math"

	"github.com/sweeptune/sweeptune/internal/jsonfloat"
)

// AppendJSONIndented appends the gain as json.Indent writes MarshalJSON's
// bytes with prefix and indent, byte for byte, without reflection or a
// second pass: compare --json writes a gain for most of a million points.
// ok is false, and nothing is appended, when a float is not finite
// (MarshalJSON fails on it).
func (g *PointGain) AppendJSONIndented(b []byte, prefix, indent string) (_ []byte, ok bool) {
	if !g.FiniteJSON() {
		return b, false
	}
	in := indentedObject{prefix: prefix, indent: indent}
	b = append(b, '{')
	b = appendJSONString(in.key(b, 1, "id"), g.ID)
	b = append(in.key(b, 1, "curve"), '{')
	k := &g.Curve
	b = appendJSONString(in.key(b, 2, "model"), k.Model)
	b = appendJSONString(in.key(b, 2, "scenario"), k.Scenario)
	b = appendJSONString(in.key(b, 2, "hardware"), k.Hardware)
	b = appendJSONString(in.key(b, 2, "framework"), k.Framework)
	b = appendJSONString(in.key(b, 2, "precision"), k.Precision)
	if k.Spec != "" {
		b = appendJSONString(in.key(b, 2, "spec_decoding"), k.Spec)
	}
	b = append(in.line(b, 1), '}')
	b = appendFieldFloat(in.key(b, 1, "x"), g.X)
	b = appendFieldFloat(in.key(b, 1, "y"), g.Y)
	b = appendNullFloat(in.key(b, 1, "other_value"), g.Other, g.HasOther)
	b = appendNullFloat(in.key(b, 1, "gain_pct"), g.GainPct, g.HasOther)
	b = appendBool(in.key(b, 1, "within_noise"), g.WithinNoise)
	b = appendNullFloat(in.key(b, 1, "dashboard_other_value"), g.Dashboard, g.HasOther)
	b = appendNullFloat(in.key(b, 1, "dashboard_gain_pct"), g.DashboardPct, g.HasOther)
	b = appendBool(in.key(b, 1, "dashboard_within_noise"), g.DashboardWithinNoise)
	if g.ProjectedFromS != 0 {
		b = appendFieldFloat(in.key(b, 1, "projected_from_s"), g.ProjectedFromS)
	}
	if g.NotProjected != "" {
		b = appendJSONString(in.key(b, 1, "not_projected"), g.NotProjected)
	}
	if g.NotDrawn != "" {
		b = appendJSONString(in.key(b, 1, "not_drawn"), g.NotDrawn)
	}
	return append(in.line(b, 0), '}'), true
}

// FiniteJSON reports that every float of the gain is finite: MarshalJSON
// fails on the others.
func (g *PointGain) FiniteJSON() bool {
	for _, v := range [...]float64{g.X, g.Y, g.Other, g.GainPct, g.Dashboard, g.DashboardPct, g.ProjectedFromS} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

// indentedObject writes an object's lines as json.Indent lays them out.
type indentedObject struct{ prefix, indent string }

// line starts a new line at depth.
func (in indentedObject) line(b []byte, depth int) []byte {
	b = append(append(b, '\n'), in.prefix...)
	for range depth {
		b = append(b, in.indent...)
	}
	return b
}

// key starts the member name at depth, after a comma unless it is its
// object's first.
func (in indentedObject) key(b []byte, depth int, name string) []byte {
	if b[len(b)-1] != '{' {
		b = append(b, ',')
	}
	b = in.line(b, depth)
	return append(append(append(b, '"'), name...), '"', ':', ' ')
}

// appendFieldFloat writes v as encoding/json writes a float64 field (an
// exponent like e-07 as e-7).
func appendFieldFloat(b []byte, v float64) []byte {
	b = jsonfloat.Append(b, v)
	if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
		b[n-2] = b[n-1]
		b = b[:n-1]
	}
	return b
}

func appendNullFloat(b []byte, v float64, ok bool) []byte {
	if !ok {
		return append(b, "null"...)
	}
	return appendFieldFloat(b, v)
}

func appendBool(b []byte, v bool) []byte {
	if v {
		return append(b, "true"...)
	}
	return append(b, "false"...)
}
