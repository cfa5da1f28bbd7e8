package model

import (
	"bytes"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// AppendJSON writes what MarshalJSON writes, for plain points and for
// points whose strings or floats take encoding/json's own path.
func TestAppendJSONIsMarshalJSON(t *testing.T) {
	full := Point{ID: "7p1d-dep2-dep16-c5540", Label: "7P", Source: SourceLocal, GPUCount: 30,
		Knobs: Knobs{Mode: ModeDisagg, Prefill: Role{Workers: 7, GPUs: 2, Nodes: 1, TP: 2, EP: 2, DPAttn: true},
			Decode:   Role{Workers: 1, GPUs: 16, Nodes: 4, TP: 16, EP: 16, DPAttn: true},
			DecodeBS: 96, MaxRunningRequests: 2048, DecodeExtraSlots: 8, Balance: "round_robin", DecodeRanksSet: 16,
			Concurrency: 5540, SpecDecoding: "mtp", AcceptanceLength: 2.75},
		Prov: Provenance{File: "a/b.json", RunURL: "https://x/1", Branch: "retune/x", Date: "2026-02-27", DurationS: 1800, ProjectedFromS: 600,
			Image: "img:1", Recipe: "r.yaml", RecipeVariant: "sweep[2]"}}
	full.Metrics.Set(TputPerGPU, 1033494.25)
	full.Metrics.Set(MeanIntvty, 157.5)
	tiny := full
	tiny.Knobs.AcceptanceLength = 3e-9
	tiny.Prov.DurationS = 2.5e22
	var cases = []Point{{}, {ID: "x", Source: SourcePublished}, full, tiny}
	for _, s := range []string{`q"uote`, `back\slash`, "<b>&", "\x1b[2J", "µ→✓", "\u2028", "\xff", "\x7f"} {
		p := full
		p.Label = s
		cases = append(cases, p)
		p = full
		p.Prov.Image = s
		cases = append(cases, p)
		p = full
		p.Prov.Branch = s
		cases = append(cases, p)
	}
	for k := 0; k < 17; k++ {
		for _, c := range []string{`"`, `\\`, "<", ">", "&", "\x01", "\x7f", "é"} {
			p := full
			p.ID = strings.Repeat("a", k) + c + "bbbbbbbbb"
			cases = append(cases, p)
		}
	}
	raw := full
	raw.Prov.Raw = &Metrics{}
	raw.Prov.Raw.Set(TputPerGPU, 990000.5)
	cases = append(cases, raw)
	sus := full
	sus.Suspicion = &Suspicion{}
	cases = append(cases, sus)
	nan := full
	nan.Knobs.AcceptanceLength = math.NaN()
	cases = append(cases, nan)
	for i := range cases {
		want, werr := cases[i].MarshalJSON()
		got, gerr := cases[i].AppendJSON([]byte("prefix"))
		if (werr != nil) != (gerr != nil) || !bytes.Equal(got, append([]byte("prefix"), want...)) {
			t.Errorf("case %d:\n got %s (%v)\nwant prefix%s (%v)", i, got, gerr, want, werr)
		}
	}
}

// AppendJSON writes Point, Knobs and Provenance field by field: a field
// added to one of them must be added there too (or sent to MarshalJSON).
func TestAppendJSONKnowsEveryField(t *testing.T) {
	for typ, n := range map[reflect.Type]int{reflect.TypeFor[Point](): 9, reflect.TypeFor[Knobs](): 11, reflect.TypeFor[Provenance](): 10, reflect.TypeFor[Role](): 6} {
		if typ.NumField() != n {
			t.Errorf("%s has %d fields, AppendJSON knows %d: write the new one as MarshalJSON does", typ, typ.NumField(), n)
		}
	}
}

// One JSONAppender over many points writes each as MarshalJSON does: a
// string it remembered as plain does not let a later, different one
// through unescaped.
func TestJSONAppenderReusedIsMarshalJSON(t *testing.T) {
	strs := []string{"", "a/b.json", `q"uote`, "<b>&", "\x1b[2J", "µ→✓", "\u2028", "\xff", "2026-02-27", "img:1"}
	var a JSONAppender
	for i := 0; i < 400; i++ {
		s := func(k int) string { return strs[(i*7+k*3+i/len(strs))%len(strs)] }
		p := Point{ID: s(0), Label: s(1), Source: Source(s(2)),
			Knobs: Knobs{Mode: Mode(s(3)), Balance: s(4), SpecDecoding: s(5), Concurrency: i},
			Prov:  Provenance{File: s(6), RunURL: s(7), Date: s(8), Image: s(9), Recipe: s(10), RecipeVariant: s(11)}}
		p.Metrics.Set(TputPerGPU, float64(i)*1.5)
		if i%5 == 0 {
			p.Suspicion = &Suspicion{Rule: s(12), Why: s(13), Admitted: i%10 == 0}
		}
		if i%7 == 0 {
			p.Prov.Raw = &Metrics{}
			p.Prov.Raw.Set(MeanTTFT, 1e-9*float64(i))
		}
		want, _ := p.MarshalJSON()
		got, err := a.Append(nil, &p)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("point %d:\n got %s (%v)\nwant %s", i, got, err, want)
		}
	}
}

// FuzzAppendJSON: any strings, written as MarshalJSON writes them.
func FuzzAppendJSON(f *testing.F) {
	f.Add("x", "7P", "a/b.json", "rule", "1.5× its c4 siblings")
	f.Add(`q"`, "\u2028\u2029", "\xff\xfe", "<>&", "\x00\x1f\x7f")
	f.Fuzz(func(t *testing.T, id, label, file, rule, why string) {
		p := Point{ID: id, Label: label, Source: SourceLocal, Prov: Provenance{File: file, RunURL: why, Image: label},
			Knobs: Knobs{Mode: Mode(rule), Balance: file}, Suspicion: &Suspicion{Rule: rule, Why: why}}
		p.Metrics.Set(MeanIntvty, 3)
		want, werr := p.MarshalJSON()
		var a JSONAppender
		got, gerr := a.Append(nil, &p)
		if (werr != nil) != (gerr != nil) || !bytes.Equal(got, want) {
			t.Fatalf("\n got %s (%v)\nwant %s (%v)", got, gerr, want, werr)
		}
	})
}

// AllPlain says a point's strings were all written as they are: then,
// and only then, its JSON is printable ASCII throughout. Each string field
// that is not plain (a C1 control, a bidi override, non-ASCII, an escaped
// '<') clears it until ResetPlain.
func TestAllPlainMeansPrintableASCII(t *testing.T) {
	base := Point{ID: "1p1d-c4", Label: "a label", Source: SourcePublished, Curve: CurveKey{Model: "dsr1"},
		Knobs: Knobs{Mode: ModeDisagg, Balance: "round_robin", SpecDecoding: "mtp"},
		Prov:  Provenance{File: "f.json", RunURL: "https://x/r/1", Date: "2026-01-02", Image: "img", Recipe: "r.yaml", RecipeVariant: "v"}}
	base.Metrics.Set(TputPerGPU, 1234.5)
	base.Suspicion = &Suspicion{Rule: RuleImplausible, Why: "4.2x its siblings"}
	printable := func(b []byte) bool {
		for _, c := range b {
			if c < 0x20 || c > 0x7e {
				return false
			}
		}
		return true
	}
	var a JSONAppender
	b, _ := a.Append(nil, &base)
	if !a.AllPlain() || !printable(b) {
		t.Fatalf("plain point: AllPlain %v, printable %v: %s", a.AllPlain(), printable(b), b)
	}
	fields := map[string]func(p *Point, s string){
		"id": func(p *Point, s string) { p.ID = s }, "label": func(p *Point, s string) { p.Label = s },
		"source": func(p *Point, s string) { p.Source = Source(s) }, "mode": func(p *Point, s string) { p.Knobs.Mode = Mode(s) },
		"balance": func(p *Point, s string) { p.Knobs.Balance = s }, "spec": func(p *Point, s string) { p.Knobs.SpecDecoding = s },
		"file": func(p *Point, s string) { p.Prov.File = s }, "run_url": func(p *Point, s string) { p.Prov.RunURL = s },
		"date": func(p *Point, s string) { p.Prov.Date = s }, "image": func(p *Point, s string) { p.Prov.Image = s },
		"recipe": func(p *Point, s string) { p.Prov.Recipe = s }, "variant": func(p *Point, s string) { p.Prov.RecipeVariant = s },
		"rule": func(p *Point, s string) { p.Suspicion = &Suspicion{Rule: s, Why: "w"} },
		"why":  func(p *Point, s string) { p.Suspicion = &Suspicion{Rule: "r", Why: s} },
	}
	for name, set := range fields {
		for _, bad := range []string{"x\u202ey", "x\u0085y", "x\x7fy", "é", "a<b", "tab\there"} {
			p := base
			set(&p, bad)
			a.ResetPlain()
			b, _ := a.Append([]byte("  "), &p)
			if a.AllPlain() {
				t.Fatalf("%s = %q: AllPlain after %s", name, bad, b)
			}
			// The one string not plain is where Unplain says, whole, and
			// every byte outside it is printable.
			want := string(appendJSONString(nil, bad))
			spans := a.Unplain()
			if len(spans) != 2 || string(b[spans[0]:spans[1]]) != want ||
				!printable(b[:spans[0]]) || !printable(b[spans[1]:]) {
				t.Fatalf("%s = %q: unplain %v in %q, want the one span %q", name, bad, spans, b, want)
			}
			a.ResetPlain()
			if b, _ = a.Append(nil, &base); !a.AllPlain() || !printable(b) {
				t.Fatalf("%s: AllPlain false after ResetPlain and a plain point", name)
			}
		}
	}
}

// plainString, eight bytes at a time, is the byte table's answer for every
// byte at every place of a word and of the tail after it.
func TestPlainStringIsTheTable(t *testing.T) {
	byTable := func(s string) bool {
		for i := 0; i < len(s); i++ {
			if !plainByte[s[i]] {
				return false
			}
		}
		return true
	}
	for _, n := range []int{1, 7, 8, 9, 16, 19} {
		for at := 0; at < n; at++ {
			for c := 0; c < 256; c++ {
				for _, fill := range []byte{'a', 0x20, 0x7e, '"' + 1, '&' - 1} {
					b := bytes.Repeat([]byte{fill}, n)
					b[at] = byte(c)
					if s := string(b); plainString(s) != byTable(s) {
						t.Fatalf("%q: plainString %v, table %v", s, plainString(s), byTable(s))
					}
				}
			}
		}
	}
}

// BenchmarkAppendPoints appends a thousand points of the million-row
// shape (IDs and run URLs of their own, seven metrics) as report --json
// does, through one appender.
func BenchmarkAppendPoints(b *testing.B) {
	points := make([]Point, 1000)
	for i := range points {
		p := &points[i]
		p.ID = "8p1d-dep2-dep16-c" + strconv.Itoa(i) + "@dsv41flash-b200-atom-bf16"
		p.Source = SourcePublished
		p.Knobs = Knobs{Mode: ModeDisagg, SpecDecoding: "mtp", Concurrency: 4 + i,
			Prefill: Role{Workers: 8, GPUs: 2, TP: 2, EP: 2, DPAttn: true},
			Decode:  Role{Workers: 1, GPUs: 16, TP: 16, EP: 16, DPAttn: true}}
		for m, v := range []float64{549264.4334326114, 392.679452221102, 112.52715117241166, 379.88174099421053, 39.1976465980913, 1.4606952822752428, 3.792227885211084} {
			p.Metrics.Set([]Metric{TputPerGPU, MeanIntvty, MedianIntvty, P90Intvty, P75E2EL, P90E2EL, MeanTTFT}[m], v+float64(i))
		}
		p.Prov = Provenance{File: "1m.json", RunURL: "https://example.invalid/r/" + strconv.Itoa(1973+i), Date: "2026-11-14", Image: "img"}
	}
	var a JSONAppender
	var buf []byte
	for b.Loop() {
		buf = buf[:0]
		for i := range points {
			buf, _ = a.Append(buf, &points[i])
		}
	}
	b.SetBytes(int64(len(buf)))
}
