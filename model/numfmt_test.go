package model

import (
	"math"
	"testing"
)

func TestThousands(t *testing.T) {
	cases := []struct {
		v    float64
		dec  int
		want string
	}{
		{1033494, 0, "1,033,494"}, {853132.4149, 2, "853,132.41"}, {1100893.846, 2, "1,100,893.85"},
		{-1234.5, 2, "-1,234.50"}, {-0.001, 2, "0.00"}, {999, 0, "999"}, {1000, 0, "1,000"},
		{0, 1, "0.0"}, {4220016.4, 0, "4,220,016"}, {math.Inf(1), 0, "+Inf"},
	}
	for _, c := range cases {
		if got := Thousands(c.v, c.dec); got != c.want {
			t.Errorf("Thousands(%v, %d) = %q, want %q", c.v, c.dec, got, c.want)
		}
	}
}

func TestPlural(t *testing.T) {
	for _, c := range []struct {
		n    int
		noun string
		want string
	}{{1, "planned point", "1 planned point"}, {3, "mark", "3 marks"}, {0, "kept point", "0 kept points"},
		{10000, "point", "10,000 points"}, {2, "match", "2 matches"}, {1, "node", "1 node"}} {
		if got := Plural(c.n, c.noun); got != c.want {
			t.Errorf("Plural(%d, %q) = %q, want %q", c.n, c.noun, got, c.want)
		}
	}
}

func TestCurveKeyNamesUnknownFields(t *testing.T) {
	k := CurveKey{Model: "deepseek-ai/DeepSeek-V4.1-Flash", Hardware: "gb300"}
	want := "deepseek-ai/DeepSeek-V4.1-Flash · unknown scenario · gb300 · unknown framework · unknown precision · unknown spec decoding"
	if got := k.String(); got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}
