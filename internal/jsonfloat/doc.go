// Package jsonfloat formats a float64 for JSON as encoding/json picks its
// form, byte for byte, in about half strconv's time: one function, Append,
// a port of the standard library's shortest-digits search (Dragonbox) with
// the digits written in place. It imports no domain code; model's JSON
// writers call it for every metric of every point (docs/report-speed.md).
package jsonfloat
