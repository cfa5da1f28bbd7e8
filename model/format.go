package model

import (
	"math"
	"strconv"
	"strings"
)

// Dash stands for a value that is unknown, in every table and pane.
const Dash = "–"

// OrDash is s, or Dash when s is empty.
func OrDash(s string) string {
	if s == "" {
		return Dash
	}
	return s
}

// FormatValue prints a measured value as engineers write it in PRs, the one
// number format of every table and pane: throughput with thousands
// separators (1,033,494; 853,132.41 when not whole), anything else with up
// to two decimals (191.4, 20.58).
func FormatValue(m Metric, v float64) string { return string(AppendFormatValue(nil, m, v)) }

// AppendFormatValue appends FormatValue(m, v) to b without other
// allocations (a table of a million rows words its cells into one buffer).
func AppendFormatValue(b []byte, m Metric, v float64) []byte {
	if m == CostPerMTok && v != 0 && math.Abs(v) < 1 {
		// Cents and below: three significant digits (0.000724), never 0.
		decimals := 2 - int(math.Floor(math.Log10(math.Abs(v))))
		return strconv.AppendFloat(b, v, 'f', decimals, 64)
	}
	if m == TputPerMW {
		return AppendThousands(b, math.Round(v), 0) // a rate per MW: whole tokens
	}
	if m.IsThroughput() || math.Abs(v) >= 10000 {
		if v == math.Trunc(v) {
			return AppendThousands(b, v, 0)
		}
		return AppendThousands(b, v, 2)
	}
	return strconv.AppendFloat(b, math.Round(v*100)/100, 'f', -1, 64)
}

// IsThroughput reports a per-GPU token rate (the y axes' metrics).
func (m Metric) IsThroughput() bool { return m.Unit() == "tok/s/GPU" }

// Plural is a count with its noun, singular for one: "1 planned point",
// "3 marks", "10,000 points". The plural adds "s" (or "es" after s, x, ch).
func Plural(n int, noun string) string {
	s := Thousands(float64(n), 0) + " " + noun
	if n == 1 || n == -1 {
		return s
	}
	if strings.HasSuffix(noun, "s") || strings.HasSuffix(noun, "x") || strings.HasSuffix(noun, "ch") {
		return s + "es"
	}
	return s + "s"
}

// FirstFew names up to n items and counts the rest, for a status line:
// "a, b and 3 more".
func FirstFew(items []string, n int) string {
	if len(items) <= n {
		return strings.Join(items, ", ")
	}
	return strings.Join(items[:n], ", ") + " and " + strconv.Itoa(len(items)-n) + " more"
}
