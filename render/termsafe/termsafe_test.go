package termsafe

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sweeptune/sweeptune/model"
)

// hostile is what a data file can carry: OSC 0 (window title), OSC 52
// (clipboard), CSI 2J (clear screen), a C1 CSI, BEL, CR, DEL, a bidi
// override and a byte that is not UTF-8.
const hostile = "a\x1b]0;pwned\x07b\x1b]52;c;ZXZpbA==\x1b\\c\x1b[2Jd\u009b31me\rf\x7fg\u202eh\xffi"

func TestStringEscapesEveryControl(t *testing.T) {
	want := `a\x1b]0;pwned\x07b\x1b]52;c;ZXZpbA==\x1b\c\x1b[2Jd\u009b31me\x0df\u007fg\u202eh\xffi`
	if got := String(hostile); got != want {
		t.Errorf("String:\n got %s\nwant %s", got, want)
	}
	if got := String("line\n\ttab"); got != `line\x0a\x09tab` {
		t.Errorf("String keeps layout characters: %q", got)
	}
	if got := Text("line\n\ttab\x1b[2J"); got != "line\n\ttab\\x1b[2J" {
		t.Errorf("Text: %q", got)
	}
	if got := Lines("a\tb\x1b[2J\nc"); got != "a\\x09b\\x1b[2J\nc" {
		t.Errorf("Lines: %q", got)
	}
	clean := "7P BS96 c5540 · 1,033,494 tok/s — Ünïcødé ✓"
	if got := String(clean); got != clean {
		t.Errorf("clean text changed: %q", got)
	}
}

// JSON through a Writer decodes to exactly the same values: encoding/json
// already escapes C0, and the \u forms of the rest are JSON escapes.
func TestWriterKeepsJSONValues(t *testing.T) {
	in := map[string]string{"label": strings.ToValidUTF8(hostile, "\ufffd") + "\u0085\u2066"}
	raw, _ := json.Marshal(in)
	var b bytes.Buffer
	w := NewWriter(&b)
	w.Write(raw)
	w.Flush()
	if bytes.ContainsAny(b.Bytes(), "\x1b\x07\x7f") || strings.ContainsRune(b.String(), 0x85) || strings.ContainsRune(b.String(), 0x202e) {
		t.Fatalf("unsafe bytes through the writer: %q", b.String())
	}
	var out map[string]string
	if err := json.Unmarshal(b.Bytes(), &out); err != nil || out["label"] != in["label"] {
		t.Fatalf("JSON changed: %v, %q vs %q", err, out["label"], in["label"])
	}
}

// A character split between writes comes out whole, as Text would write it.
func TestWriterSplitsAnywhere(t *testing.T) {
	s := "µ→✓ " + hostile + " 𝄞\u0085end"
	for cut := 0; cut <= len(s); cut++ {
		var b bytes.Buffer
		w := NewWriter(&b)
		w.Write([]byte(s[:cut]))
		w.Write([]byte(s[cut:]))
		w.Flush()
		if b.String() != Text(s) {
			t.Fatalf("cut at %d: %q, want %q", cut, b.String(), Text(s))
		}
	}
}

func TestFrameKeepsStylingOnly(t *testing.T) {
	styled := "\x1b[1;38;5;203mtitle\x1b[0m │ \x1b[38:2::255:0:0mred\x1b[m\n"
	if got := Frame(styled); got != styled {
		t.Errorf("styling changed: %q", got)
	}
	got := Frame(styled + hostile)
	if want := styled + "abcd31mefghi"; got != want { // a C1 CSI goes; its parameters stay as text
		t.Errorf("Frame:\n got %q\nwant %q", got, want)
	}
	if got := Frame("x\x1b[3"); got != "x" {
		t.Errorf("unterminated CSI: %q", got)
	}
}

// FuzzTermsafe: whatever the input, nothing unsafe comes out of String,
// Text, a Writer or Frame, and Frame keeps only SGR sequences.
func FuzzTermsafe(f *testing.F) {
	for _, s := range []string{hostile, "\x1b[31mred\x1b[0m", "\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\", "\xe2\x82", "\u009b2J"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for name, out := range map[string]string{"String": String(s), "Text": Text(s)} {
			if strings.ContainsFunc(out, func(r rune) bool { return r < 0x20 && r != '\n' && r != '\t' || r == 0x7f || unsafeRune(r) }) || !utf8.ValidString(out) {
				t.Fatalf("%s(%q) = %q", name, s, out)
			}
		}
		if strings.ContainsAny(String(s), "\n\t") {
			t.Fatalf("String(%q) keeps a line break", s)
		}
		var b bytes.Buffer
		w := NewWriter(&b)
		half := len(s) / 2
		w.Write([]byte(s[:half]))
		w.Write([]byte(s[half:]))
		w.Flush()
		if b.String() != Text(s) {
			t.Fatalf("Writer(%q) = %q, Text = %q", s, b.String(), Text(s))
		}
		fr := Frame(s)
		if !frameClean(fr) || !utf8.ValidString(fr) {
			t.Fatalf("Frame(%q) = %q", s, fr)
		}
		for i := strings.IndexByte(fr, 0x1b); i >= 0; i = strings.IndexByte(fr, 0x1b) {
			seq := fr[i : i+sequenceLen(fr[i:])]
			if !isSGR(seq) {
				t.Fatalf("Frame(%q) keeps %q", s, seq)
			}
			fr = fr[i+len(seq):]
		}
	})
}

// pointsRef is Points escaping point by point, every string read.
func pointsRef(pts []model.Point) []model.Point {
	out := append([]model.Point(nil), pts...)
	for i := range out {
		out[i], _ = point(out[i])
	}
	return out
}

// Points is the point-by-point escape: points sharing strings (as the
// loaders make them), some with a control character or a bad byte in one
// field or another, suspect ones too.
func TestPointsSkipsWhatItReadClean(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 9))
	shared := []string{"b200", "sglang", "fp8", "2026-11-02", "file.json", "", "img:1"}
	dirty := []string{"b\x1b[31m200", "x\x00y", "bad\xffutf8", "tab\there"}
	for trial := range 200 {
		pts := make([]model.Point, 1+r.IntN(60))
		for i := range pts {
			pick := func() string {
				if r.IntN(40) == 0 {
					return dirty[r.IntN(len(dirty))]
				}
				return shared[r.IntN(len(shared))]
			}
			p := &pts[i]
			p.ID, p.Label, p.Source = "p"+strconv.Itoa(i), pick(), model.Source(pick())
			p.Curve = model.CurveKey{Model: pick(), Scenario: pick(), Hardware: pick(), Framework: pick(), Precision: pick(), Spec: pick()}
			p.Knobs.Mode, p.Knobs.Balance, p.Knobs.SpecDecoding = model.Mode(pick()), pick(), pick()
			p.Prov.File, p.Prov.RunURL, p.Prov.Date, p.Prov.Image, p.Prov.Recipe, p.Prov.RecipeVariant = pick(), pick(), pick(), pick(), pick(), pick()
			if r.IntN(5) == 0 {
				p.Suspicion = &model.Suspicion{Rule: pick(), Why: pick()}
			}
		}
		got, want := Points(pts), pointsRef(pts)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("trial %d: not the point-by-point escape", trial)
		}
	}
}

// firstUnsafe reading eight bytes at once finds what reading a byte at a
// time finds: every byte value at every place of strings around a word's
// length, lines kept or not.
func TestFirstUnsafeByWordsIsByBytes(t *testing.T) {
	byBytes := func(s string, keepLines bool) int {
		for i := 0; i < len(s); {
			c := s[i]
			if c < utf8.RuneSelf {
				if unsafeASCII(c, keepLines) {
					return i
				}
				i++
				continue
			}
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 || unsafeRune(r) {
				return i
			}
			i += n
		}
		return -1
	}
	base := "abcdefghijklmnopqrstuvwx"
	for n := 0; n <= len(base); n++ {
		for at := 0; at < n; at++ {
			for c := 0; c < 256; c++ {
				b := []byte(base[:n])
				b[at] = byte(c)
				for _, s := range []string{string(b), string(b) + "\u202e", string(b) + "\u00e9z"} {
					for _, keep := range []bool{false, true} {
						if got, want := firstUnsafe(s, keep), byBytes(s, keep); got != want {
							t.Fatalf("firstUnsafe(%q, %v) = %d, byte by byte %d", s, keep, got, want)
						}
					}
				}
			}
		}
	}
}

// A projection is clean when every string it holds is: a run left out
// with a hostile ID or reason, or a projected run's point, is not.
func TestProjectionCleanReadsEveryString(t *testing.T) {
	var c Checker
	clean := model.Projection{
		Factors:     []model.RunFactor{{Name: "tput-per-gpu", Configs: []string{"1p1d"}}},
		Projected:   []model.ProjectedRun{{ID: "a@short", Dropped: []string{"p90-e2el"}}},
		Superseded:  []string{"b@short"},
		Unprojected: []model.Skip{{ID: "c", Reason: "no factor"}},
	}
	if !c.ProjectionClean(&clean) {
		t.Fatal("a clean projection is not")
	}
	for name, spoil := range map[string]func(*model.Projection){
		"reason":     func(p *model.Projection) { p.Unprojected = []model.Skip{{ID: "c", Reason: "\x1b]0;x\a"}} },
		"superseded": func(p *model.Projection) { p.Superseded = []string{"b\u202e"} },
		"config":     func(p *model.Projection) { p.Factors = []model.RunFactor{{Name: "t", Configs: []string{"\x9b2J"}}} },
		"point": func(p *model.Projection) {
			p.Projected = []model.ProjectedRun{{ID: "a", Point: model.Point{Label: "\x1b[2J"}}}
		},
	} {
		p := clean
		spoil(&p)
		if c.ProjectionClean(&p) {
			t.Errorf("a hostile %s passed", name)
		}
	}
}
