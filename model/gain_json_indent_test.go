package model_test

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// Random gains, every optional field on and off, strings encoding/json
// escapes and floats it writes with exponents: the appender writes what
// json.Indent makes of MarshalJSON, at compare's depth and at another.
func TestAppendJSONIndentedIsIndentedMarshal(t *testing.T) {
	r := rand.New(rand.NewSource(53))
	strs := []string{"", "9p1d-dep2-dep16-c4096", "a<b>&c", "quote\"back\\slash", "tab\tnl\n\x01", "ünï", "\u2028x\u2029", "bad\xffutf8", "gb300"}
	floats := []float64{0, math.Copysign(0, -1), 1, -2.5, 1e-7, 3.2e-9, 1e21, -4e22, 123456.789, 1e20, 5e-324, math.MaxFloat64}
	str := func() string { return strs[r.Intn(len(strs))] }
	num := func() float64 {
		if r.Intn(3) == 0 {
			return floats[r.Intn(len(floats))]
		}
		return (r.Float64() - 0.3) * math.Pow(10, float64(r.Intn(30)-10))
	}
	for i := range 5000 {
		g := model.PointGain{ID: str(), Curve: model.CurveKey{Model: str(), Scenario: str(), Hardware: str(), Framework: str(), Precision: str(), Spec: str()},
			Gain:        model.Gain{X: num(), Y: num(), Other: num(), HasOther: r.Intn(2) == 0, GainPct: num(), Dashboard: num(), DashboardPct: num()},
			WithinNoise: r.Intn(2) == 0, DashboardWithinNoise: r.Intn(2) == 0, NotDrawn: str(), ProjectedFromS: []float64{0, num()}[r.Intn(2)],
			NotProjected: str()}
		for _, in := range [][2]string{{"    ", "  "}, {"", "\t"}} {
			compact, err := json.Marshal(g)
			if err != nil {
				t.Fatal(err)
			}
			var want bytes.Buffer
			if err := json.Indent(&want, compact, in[0], in[1]); err != nil {
				t.Fatal(err)
			}
			got, ok := g.AppendJSONIndented([]byte("x"), in[0], in[1])
			if !ok || string(got[1:]) != want.String() {
				t.Fatalf("gain %d (%+v) prefix %q:\n got %s\nwant %s", i, g, in[0], got[1:], want.String())
			}
		}
	}
}

// A float encoding/json refuses: nothing appended, not ok.
func TestAppendJSONIndentedRefusesWhatMarshalRefuses(t *testing.T) {
	for _, v := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		g := model.PointGain{ID: "p", Gain: model.Gain{X: 1, Y: 2, Other: 3, HasOther: true, GainPct: v}}
		if _, err := json.Marshal(g); err == nil {
			t.Fatalf("json.Marshal took gain %v", v)
		}
		if got, ok := g.AppendJSONIndented([]byte("x"), "", "  "); ok || string(got) != "x" {
			t.Errorf("gain %v: appended %q, ok %v; want nothing, not ok", v, got, ok)
		}
	}
}

// Gains of a few curves one after another, a curve coming back after
// another and keys that differ in one field: each is appended as
// AppendJSONIndented appends it alone, and plain only where every byte
// appended is printable ASCII, a space or a newline and no string was
// escaped (the line a terminal filter passes as it is).
func TestGainsIndentedIsAppendJSONIndented(t *testing.T) {
	r := rand.New(rand.NewSource(47))
	strs := []string{"9p1d-dep2-dep16-c4096", "gb300", "a<b", "ünï", "tab\t", "bad\xffutf8", "\u202eevil", ""}
	keys := []model.CurveKey{{Model: "dsv4", Hardware: "gb300", Framework: "sglang", Precision: "fp4", Spec: "mtp"},
		{Model: "dsv4", Hardware: "gb300", Framework: "sglang", Precision: "fp4"},
		{Model: "dsv4", Hardware: "gb300", Framework: "sglang", Precision: "fp8", Spec: "mtp"},
		{Model: "dsv4 ünï", Scenario: "8k1k", Hardware: "b200", Framework: "vllm", Precision: "fp4"}}
	gi := model.GainsIndented{Prefix: "    ", Indent: "  "}
	var got []byte
	plains, escaped := 0, 0
	for i := range 3000 {
		k := keys[r.Intn(len(keys))]
		if r.Intn(4) > 0 && i > 0 {
			k = keys[i%len(keys)] // runs of one curve
		}
		g := model.PointGain{ID: strs[r.Intn(len(strs))], Curve: k,
			Gain:     model.Gain{X: r.Float64() * 100, Y: r.Float64() * 1e6, Other: r.Float64(), HasOther: r.Intn(2) == 0},
			NotDrawn: []string{"", "off the frontier", "x\x7fy"}[r.Intn(3)]}
		want, _ := g.AppendJSONIndented(nil, "    ", "  ")
		n := len(got)
		var ok, plain bool
		got, ok, plain = gi.Append(got, &g)
		if !ok || string(got[n:]) != string(want) {
			t.Fatalf("gain %d (%+v):\n got %s\nwant %s", i, g, got[n:], want)
		}
		printable := true
		for _, c := range want {
			printable = printable && (c >= 0x20 && c < 0x7f || c == '\n')
		}
		if plain && !printable {
			t.Fatalf("gain %d (%+v) said plain: %q", i, g, want)
		}
		wantPlain := printable && !bytes.Contains(want, []byte(`\u`)) && !bytes.Contains(want, []byte(`\t`))
		if plain != wantPlain {
			t.Fatalf("gain %d (%+v): plain %v, want %v", i, g, plain, wantPlain)
		}
		if plain {
			plains++
		} else {
			escaped++
		}
	}
	if plains < 100 || escaped < 100 {
		t.Errorf("%d plain gains, %d not: the gains do not test both", plains, escaped)
	}
}
