package jsonscan

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// checkPlainNumber: where PlainNumber takes the number at the start of
// data, NumberEnd ends it at the same byte and NumberValue gives the same
// bits; where it declines, the three-pass reading is left to do it.
func checkPlainNumber(t *testing.T, data string) bool {
	t.Helper()
	end, v, ok := PlainNumber([]byte(data), 0)
	if !ok {
		return false
	}
	wantEnd := NumberEnd([]byte(data), 0)
	want, wantOK := NumberValue([]byte(data[:wantEnd]))
	if end != wantEnd || !wantOK || math.Float64bits(v) != math.Float64bits(want) {
		t.Fatalf("PlainNumber(%q) = %d, %v; NumberEnd %d, NumberValue %v %v", data, end, v, wantEnd, want, wantOK)
	}
	return true
}

func TestPlainNumberIsTheThreePassReading(t *testing.T) {
	takes := []string{"0", "4", "1261", "549264.4334326114", "1.1367095023628974e+06", "0.864930379833628,",
		"12345678901.23456789}", "1e22 ", "1.5E-7]", "00012.5", "9999999999999999999e-19",
		"12345678.12345678", "1.2345678a"}
	declines := []string{"", "1234567890123456789", "-1", ".5", "1.", "1e", "1e+", "12345678901234567890", "1.2345678901234567891",
		"1.5.5", "1e5e5", "1-2", "1e00005", "12345678.1234567-", "1.23456789e+", "x1"}
	for _, s := range takes {
		if !checkPlainNumber(t, s) {
			t.Errorf("PlainNumber declines %q", s)
		}
	}
	for _, s := range declines {
		if checkPlainNumber(t, s) {
			t.Errorf("PlainNumber takes %q", s)
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	taken := 0
	for i := range 200000 {
		var s string
		switch i % 4 {
		case 0: // the reference's metrics: shortest round trip, 16–17 digits
			s = strconv.FormatFloat(r.Float64()*math.Pow(10, float64(r.IntN(12)-3)), 'g', -1, 64)
		case 1: // a digit string cut by a point anywhere
			s = strconv.FormatUint(r.Uint64()>>r.IntN(64), 10)
			p := r.IntN(len(s) + 1)
			s = s[:p] + "." + s[p:]
		case 2:
			s = strconv.FormatUint(r.Uint64()>>r.IntN(64), 10) + "e" + strconv.Itoa(r.IntN(60)-30)
		default: // and what may follow
			s = strconv.FormatFloat(r.Float64()*1e6, 'f', r.IntN(18), 64) + string("0123456789,} e.-+:"[r.IntN(18)])
		}
		if checkPlainNumber(t, s) {
			taken++
		}
	}
	if taken < 130000 {
		t.Fatalf("PlainNumber took only %d of 200000 numbers", taken)
	}
}

func TestEightDigits(t *testing.T) {
	for _, s := range []string{"00000000", "12345678", "99999999", "90000001"} {
		want, _ := strconv.ParseUint(s, 10, 64)
		if got, ok := eightDigits([]byte(s)); !ok || got != want {
			t.Errorf("eightDigits(%q) = %d, %v", s, got, ok)
		}
	}
	for _, s := range []string{"1234567:", "/1234567", "1234 678", "12345.78", "1234567\x00", "\xb0\xb1\xb2\xb3\xb4\xb5\xb6\xb7"} {
		if _, ok := eightDigits([]byte(s)); ok {
			t.Errorf("eightDigits(%q) takes it", s)
		}
	}
}

func FuzzPlainNumber(f *testing.F) {
	for _, s := range []string{"549264.4334326114", "1.1367095023628974e+06", "1261,", "1.2345678a", "12345678901234567890"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkPlainNumber(t, s) })
}
