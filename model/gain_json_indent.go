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
	gi := GainsIndented{Prefix: prefix, Indent: indent}
	b, ok, _ = gi.Append(b, g)
	return b, ok
}

// GainsIndented appends gains as AppendJSONIndented does, one after
// another: a curve's member is made once for the gains of that curve in a
// row, not for each.
type GainsIndented struct {
	Prefix, Indent string
	key            CurveKey // the curve whose member curve holds
	curve          []byte   // "curve": {…} as AppendJSONIndented writes it
	plainCurve     bool     // curve's strings were written as they are
	made           bool
}

// Append is g.AppendJSONIndented(b, gi.Prefix, gi.Indent); plain reports
// that every string of the gain was written as it is, with nothing
// escaped: then the bytes appended are printable ASCII, spaces and
// newlines.
func (gi *GainsIndented) Append(b []byte, g *PointGain) (_ []byte, ok, plain bool) {
	if !g.FiniteJSON() {
		return b, false, false
	}
	in := indentedObject{prefix: gi.Prefix, indent: gi.Indent}
	if !gi.made || gi.key != g.Curve {
		gi.key, gi.made = g.Curve, true
		gi.curve, gi.plainCurve = appendCurveIndented(gi.curve[:0], in, &g.Curve)
	}
	b = append(b, '{')
	b, plain = appendPlainJSONString(in.key(b, 1, "id"), g.ID)
	b = append(append(b, ','), gi.curve...)
	plain = plain && gi.plainCurve
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
	var p bool
	if g.NotProjected != "" {
		b, p = appendPlainJSONString(in.key(b, 1, "not_projected"), g.NotProjected)
		plain = plain && p
	}
	if g.NotDrawn != "" {
		b, p = appendPlainJSONString(in.key(b, 1, "not_drawn"), g.NotDrawn)
		plain = plain && p
	}
	return append(in.line(b, 0), '}'), true, plain
}

// appendCurveIndented appends a gain's curve member, from its line on
// (after the comma that ends the member before it), and whether its
// strings were written as they are.
func appendCurveIndented(b []byte, in indentedObject, k *CurveKey) (_ []byte, plain bool) {
	b = append(in.line(b, 1), `"curve": {`...)
	plain = true
	for i, f := range [...]struct{ name, v string }{{"model", k.Model}, {"scenario", k.Scenario},
		{"hardware", k.Hardware}, {"framework", k.Framework}, {"precision", k.Precision}, {"spec_decoding", k.Spec}} {
		if f.name == "spec_decoding" && f.v == "" {
			break
		}
		if i > 0 {
			b = append(b, ',')
		}
		b = append(append(append(in.line(b, 2), '"'), f.name...), `": `...)
		var p bool
		b, p = appendPlainJSONString(b, f.v)
		plain = plain && p
	}
	return append(in.line(b, 1), '}'), plain
}

// appendPlainJSONString is appendJSONString, and whether s was written as
// it is (plainString).
func appendPlainJSONString(b []byte, s string) (_ []byte, plain bool) {
	if plainString(s) {
		return append(append(append(b, '"'), s...), '"'), true
	}
	return appendJSONString(b, s), false
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
