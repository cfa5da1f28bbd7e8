package jsonscan

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// exactFloat must give strconv.ParseFloat's value bit for bit whenever it
// takes a number, and leave every number it cannot be sure of to strconv.
func checkExactFloat(t *testing.T, raw string) {
	t.Helper()
	got, ok := exactFloat([]byte(raw))
	if !ok {
		return
	}
	want, err := strconv.ParseFloat(raw, 64)
	if err != nil {
		t.Fatalf("exactFloat(%q) = %v, strconv refuses it: %v", raw, got, err)
	}
	if math.Float64bits(got) != math.Float64bits(want) {
		t.Fatalf("exactFloat(%q) = %v (%#x), strconv %v (%#x)", raw, got, math.Float64bits(got), want, math.Float64bits(want))
	}
}

func TestExactFloatIsParseFloat(t *testing.T) {
	for _, raw := range []string{"0", "0.0", "9.373229052590807", "12345678901234567.5", "1.2345678901234567891",
		"0.10000000000000000555", "9999999999999999999e-19", "18446744073709551615e-1", "9007199254740993.5e-19", "1", "1.5", "58895.42192854801", "0.864930379833628",
		"9007199254740991", "9007199254740992", "9007199254740993", "4503599627370497.5",
		"1e22", "1e23", "123e20", "1e-22", "1e-23", "1.5e300", "5e-324", "00012.5", "0.000123",
		"1.", ".5", "1e", "1e+", "1e-5", "1E5", "12345678901234567890", "1234567890123456789",
		"-1.5", "1.5.5", "1e5e5", "1-2", "1e0005", "179769313486231570000000000000000000000"} {
		checkExactFloat(t, raw)
	}
	r := rand.New(rand.NewPCG(1, 2))
	taken := 0
	for i := 0; i < 200000; i++ {
		var raw string
		switch i % 6 {
		case 0: // Python's repr of the reference's metrics: shortest round trip
			raw = strconv.FormatFloat(r.Float64()*math.Pow(10, float64(r.IntN(12)-3)), 'g', -1, 64)
		case 4: // 17 to 19 digits and a point: the division in 128 bits
			raw = strconv.FormatUint(1e16+r.Uint64N(1e19-1e16), 10)
			p := 1 + r.IntN(len(raw)-1)
			raw = raw[:p] + "." + raw[p:]
		case 5: // the next float's shortest form, and the midpoint's first 19 digits
			f := math.Nextafter(r.Float64()*math.Pow(10, float64(r.IntN(8))), math.Inf(1))
			raw = strconv.FormatFloat(f, 'f', -1, 64)
			if r.IntN(2) == 0 {
				mid := (f + math.Nextafter(f, math.Inf(1))) / 2
				raw = strconv.FormatFloat(mid, 'e', 18, 64)
			}
		case 1:
			raw = strconv.FormatFloat(r.Float64()*1.2e6, 'f', r.IntN(18), 64)
		case 2:
			raw = strconv.FormatUint(r.Uint64()>>r.IntN(64), 10) + "e" + strconv.Itoa(r.IntN(60)-30)
		default:
			raw = strconv.FormatUint(r.Uint64()>>r.IntN(64), 10) + "." + strconv.FormatUint(r.Uint64()>>r.IntN(64), 10)
		}
		if _, ok := exactFloat([]byte(raw)); ok {
			taken++
		}
		checkExactFloat(t, raw)
	}
	if taken < 50000 {
		t.Fatalf("exactFloat took only %d of 200000 numbers", taken)
	}
}

func FuzzExactFloat(f *testing.F) {
	for _, s := range []string{"58895.42192854801", "1e22", "0.1", "9007199254740993", "1.5e-7"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) { checkExactFloat(t, raw) })
}
