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
func FormatValue(m Metric, v float64) string {
	if m.IsThroughput() || math.Abs(v) >= 10000 {
		if v == math.Trunc(v) {
			return Thousands(v, 0)
		}
		return Thousands(v, 2)
	}
	return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64)
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
