package jsonfloat

import (
	"bytes"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// jsonFloatReference is what Append must write, byte for byte:
// its former body, strconv's shortest forms.
func jsonFloatReference(b []byte, v float64) []byte {
	if a := math.Abs(v); a != 0 && (a < 1e-6 || a >= 1e21) {
		return strconv.AppendFloat(b, v, 'e', -1, 64)
	}
	return strconv.AppendFloat(b, v, 'f', -1, 64)
}

// checkJSONFloat fails t if Append writes v other than the
// reference does, appended to an empty buffer and to one with no room
// left after a prefix.
func checkJSONFloat(t testing.TB, v float64) {
	t.Helper()
	want := jsonFloatReference(nil, v)
	if got := Append(nil, v); !bytes.Equal(got, want) {
		t.Fatalf("Append(%v = %b) = %s, want %s", v, v, got, want)
	}
	full := []byte("[1,")
	if got := Append(full[:3:3], v); string(got) != "[1,"+string(want) {
		t.Fatalf("Append([1,, %v = %b) = %s, want [1,%s", v, v, got, want)
	}
}

// jsonFloatHandPicked are floats where a formatter goes wrong: zero,
// subnormals, the largest float, both sides of the 1e-6 and 1e21 switches
// to the exponent form, 2^53 and its neighbours, long and short digits.
var jsonFloatHandPicked = []float64{0, 5e-324, 1e-323, 2.225073858507201e-308, 2.2250738585072014e-308,
	math.MaxFloat64, 1e-6, 1e-7, 9.999999999999997e-7, 1.2345e-7, 1.2345678901234567e-6, 5e-7,
	1e20, 1e21, 1e22, 1e23, 9.999999999999999e20, 999999999999999900000, 8.41e21,
	0.1, 0.2, 0.3, 1.0 / 3, 2.0 / 3, 0.5, 1.5, 2.5, 3600, 123456789012345678,
	1 << 53, 1<<53 - 1, 1<<53 + 2, 1 << 54, 1<<63 - 1024, 1 << 63, 1 << 64,
	549264.4334326114, 392.679452221102, 1.4606952822752428, 983316.5255650538,
	0.14405973038509548, 5.960464477539063e-08, 1.7976931348623157e+307}

// jsonFloatEdges are the hand-picked floats, the exact and nearest
// neighbours of every power of two and ten, of 1e-6, 1e21 and 2^53, whole
// numbers and thousandths up to 1000, 2^k-1 to 2^53, and 1 to 17 digits
// at many scales, each with both signs.
func jsonFloatEdges() []float64 {
	vs := append([]float64(nil), jsonFloatHandPicked...)
	for i := 1; i <= 1000; i++ {
		vs = append(vs, float64(i), float64(i)/1000)
	}
	for k := 1; k <= 53; k++ { // whole numbers to 2^53, all ones in binary
		vs = append(vs, float64(uint64(1)<<k-1))
	}
	for k := 1; k <= 17; k++ { // 1 to 17 significant digits, at every scale printed plainly and beyond
		for e := -12; e <= 25; e++ {
			v, _ := strconv.ParseFloat("0."+"12345678901234567"[:k]+"e"+strconv.Itoa(e), 64)
			vs = append(vs, v)
		}
	}
	for e := -1074; e <= 1023; e++ { // every binary exponent, both Dragonbox cases
		p := math.Ldexp(1, e)
		vs = append(vs, p, math.Nextafter(p, 0), math.Nextafter(p, math.Inf(1)), 3*p, 0x1fffffffffffff*p)
	}
	for k := -324; k <= 308; k++ {
		p, _ := strconv.ParseFloat("1e"+strconv.Itoa(k), 64)
		vs = append(vs, p, math.Nextafter(p, 0), math.Nextafter(p, math.Inf(1)))
	}
	for _, edge := range []float64{1e-6, 1e21, 1 << 53} {
		p := edge
		for range 4 {
			p = math.Nextafter(p, 0)
			vs = append(vs, p)
		}
		p = edge
		for range 4 {
			p = math.Nextafter(p, math.Inf(1))
			vs = append(vs, p)
		}
	}
	out := make([]float64, 0, 2*len(vs))
	for _, v := range vs {
		if !math.IsInf(v, 0) && !math.IsNaN(v) {
			out = append(out, v, -v)
		}
	}
	return out
}

func TestAppendJSONFloatEdges(t *testing.T) {
	for _, v := range jsonFloatEdges() {
		checkJSONFloat(t, v)
	}
}

// What the reference writes, spelled out: the tests compare to it, so it
// is pinned here too.
func TestAppendJSONFloatKnownForms(t *testing.T) {
	for _, c := range []struct {
		v    float64
		want string
	}{
		{0, "0"}, {math.Copysign(0, -1), "-0"}, {5e-324, "5e-324"}, {-5e-324, "-5e-324"},
		{math.MaxFloat64, "1.7976931348623157e+308"}, {1e-6, "0.000001"}, {1.5e-6, "0.0000015"},
		{math.Nextafter(1e-6, 0), "9.999999999999997e-07"}, {1e-7, "1e-07"}, {1.2345e-10, "1.2345e-10"},
		{1e20, "100000000000000000000"}, {999999999999999900000, "999999999999999900000"},
		{1e21, "1e+21"}, {math.Nextafter(1e21, 2e21), "1.0000000000000001e+21"}, {-1.5e300, "-1.5e+300"}, {0.1, "0.1"}, {1.0 / 3, "0.3333333333333333"},
		{123456789012345678, "123456789012345680"}, {1 << 53, "9007199254740992"},
		{1<<53 + 2, "9007199254740994"}, {3600, "3600"}, {-0.5, "-0.5"},
		{549264.4334326114, "549264.4334326114"}, {1.4606952822752428, "1.4606952822752428"},
	} {
		if got := Append(nil, c.v); string(got) != c.want {
			t.Errorf("Append(%b) = %s, want %s", c.v, got, c.want)
		}
	}
}

// Several million floats against the reference: random bit patterns, and
// "decimal-looking" ones, a random integer of up to 17 digits over a power
// of ten, as measurements are.
func TestAppendJSONFloatRandom(t *testing.T) {
	n := 2_500_000
	if testing.Short() {
		n /= 10
	}
	r := rand.New(rand.NewPCG(1, 2))
	var got, want []byte
	check := func(v float64) {
		got, want = Append(got[:0], v), jsonFloatReference(want[:0], v)
		if !bytes.Equal(got, want) {
			t.Fatalf("Append(%v = %b) = %s, want %s", v, v, got, want)
		}
	}
	for range n {
		if v := math.Float64frombits(r.Uint64()); !math.IsInf(v, 0) && !math.IsNaN(v) {
			check(v)
		}
		// Powers of ten below 1e0 are inexact: divide by their inverse.
		digits := float64(r.Uint64N(pow10Uint64[1+r.IntN(17)]))
		if e := r.IntN(50) - 28; e < 0 {
			check(digits / math.Pow10(-e))
		} else {
			check(digits * math.Pow10(e))
		}
	}
}

// The fuzzer's float64 mutations are arithmetic; the bit pattern reaches
// the rest (subnormals, odd significands at any exponent).
func FuzzAppendJSONFloat(f *testing.F) {
	for _, v := range jsonFloatHandPicked {
		f.Add(v, math.Float64bits(-v))
	}
	for _, v := range []float64{math.Ldexp(1, -1074), math.Ldexp(1, 1023), math.Ldexp(1, -77), 1e-6, 1e21} {
		f.Add(v, math.Float64bits(math.Nextafter(v, 0)))
	}
	f.Fuzz(func(t *testing.T, v float64, bits uint64) {
		for _, v := range []float64{v, math.Float64frombits(bits)} {
			if !math.IsInf(v, 0) && !math.IsNaN(v) {
				checkJSONFloat(t, v)
			}
		}
	})
}

// Metric values as report --json writes them: mostly 16 and 17 digits,
// some short.
var jsonFloatBenchValues = []float64{549264.4334326114, 392.679452221102, 1.4606952822752428,
	983316.5255650538, 521.1109924251389, 181.48421741806035, 35.483520260730465,
	8.623807715279522, 0.14405973038509548, 2281.629018962417, 3600, 0.5, 12.75, 1800}

func BenchmarkAppendJSONFloat(b *testing.B) {
	for _, bc := range []struct {
		name   string
		append func([]byte, float64) []byte
	}{{"strconv", jsonFloatReference}, {"direct", Append}} {
		b.Run(bc.name, func(b *testing.B) {
			buf := make([]byte, 0, 64)
			for b.Loop() {
				for _, v := range jsonFloatBenchValues {
					buf = bc.append(buf[:0], v)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(jsonFloatBenchValues)), "ns/float")
		})
	}
}

func TestPlainFormBounds(t *testing.T) {
	if smallestPlain != math.Float64bits(1e-6) || largestPlain != math.Float64bits(1e21) {
		t.Errorf("smallestPlain, largestPlain = %#x, %#x, want the bits of 1e-6 and 1e21", smallestPlain, largestPlain)
	}
}
