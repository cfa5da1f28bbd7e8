package termsafe

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// writeBoth passes s through a Writer and a JSONWriter, cut at cut.
func writeBoth(s string, cut int) (string, string) {
	var a, b bytes.Buffer
	w, jw := NewWriter(&a), NewJSONWriter(&b)
	w.Write([]byte(s[:cut]))
	w.Write([]byte(s[cut:]))
	w.Flush()
	jw.Write([]byte(s[:cut]))
	jw.Write([]byte(s[cut:]))
	jw.Flush()
	return a.String(), b.String()
}

// The JSON writer writes what the terminal filter writes, for JSON and for
// anything else, cut anywhere: DEL, C1 and bidi controls as \u escapes.
func TestJSONWriterIsWriter(t *testing.T) {
	doc, _ := json.Marshal(map[string]string{"label": strings.ToValidUTF8(hostile, "\ufffd") + "\u0085\u2066\u007f", "plain": "deepseek-ai/DeepSeek-V4.1-Flash µ→✓"})
	for _, s := range []string{string(doc), "µ→✓ " + hostile + " 𝄞\u0085end", strings.Repeat("abcdefgh", 9) + "\u009b" + strings.Repeat("x", 17) + "\x7f\u202e\xff"} {
		for cut := 0; cut <= len(s); cut++ {
			if a, b := writeBoth(s, cut); a != b {
				t.Fatalf("%q cut at %d: JSONWriter %q, Writer %q", s, cut, b, a)
			}
		}
	}
	var out bytes.Buffer
	jw := NewJSONWriter(&out)
	jw.Write(doc)
	jw.Flush()
	if got := out.String(); !strings.Contains(got, `\u0085\u2066\u007f`) || !strings.Contains(got, `\u202e`) {
		t.Fatalf("controls not escaped: %s", got)
	}
	var back map[string]string
	if err := json.Unmarshal(out.Bytes(), &back); err != nil || back["label"] != strings.ToValidUTF8(hostile, "\ufffd")+"\u0085\u2066\u007f" {
		t.Fatalf("JSON changed: %v %q", err, back["label"])
	}
}

// FuzzJSONWriter: a JSONWriter writes what a Writer writes.
func FuzzJSONWriter(f *testing.F) {
	for _, s := range []string{hostile, `{"a":"\u001b"}`, "\xe2\x82", "\u009b2J", strings.Repeat("a", 15) + "\x7f"} {
		f.Add(s, 3)
	}
	f.Fuzz(func(t *testing.T, s string, cut int) {
		if cut < 0 || cut > len(s) {
			cut = len(s) / 2
		}
		if a, b := writeBoth(s, cut); a != b {
			t.Fatalf("%q: JSONWriter %q, Writer %q", s, b, a)
		}
		if a, b, ok := escapeBoth(s, cut); ok && a != b {
			t.Fatalf("%q: EscapeJSON %q, JSONWriter %q", s, b, a)
		}
	})
}

// escapeBoth writes s through a JSONWriter, and as two pieces escaped by
// EscapeJSON, when both end on a whole character (EscapeJSON's contract).
func escapeBoth(s string, cut int) (string, string, bool) {
	if incompleteTail([]byte(s[:cut])) > 0 || incompleteTail([]byte(s)) > 0 {
		return "", "", false
	}
	var a, b bytes.Buffer
	jw := NewJSONWriter(&a)
	jw.Write([]byte(s))
	jw.Flush()
	ew := NewJSONWriter(&b)
	ew.WriteEscaped(EscapeJSON([]byte(s[:cut])))
	ew.WriteEscaped(EscapeJSON([]byte(s[cut:])))
	return a.String(), b.String(), true
}

// Pieces escaped on their own are what the writer makes of the whole.
func TestEscapeJSONIsWriter(t *testing.T) {
	s := "µ→✓ " + strings.ToValidUTF8(hostile, "\ufffd") + " 𝄞\u0085end\x7f\u202e"
	compared := 0
	for cut := 0; cut <= len(s); cut++ {
		a, b, ok := escapeBoth(s, cut)
		if ok && a != b {
			t.Fatalf("cut at %d: EscapeJSON %q, JSONWriter %q", cut, b, a)
		}
		if ok {
			compared++
		}
	}
	if a, _, _ := escapeBoth(s, 0); compared < len(s)/2 || !strings.Contains(a, `\u202e`) {
		t.Fatalf("%d cuts compared; %q", compared, a)
	}
	if clean := []byte(`{"a":1}`); &EscapeJSON(clean)[0] != &clean[0] {
		t.Error("clean bytes were copied")
	}
}

// BenchmarkJSONWriter is the JSON writer on a clean --json point line.
func BenchmarkJSONWriter(b *testing.B) {
	line := []byte(`        {"id":"6-64@2026-11-01","source":"published","gpus":28,"knobs":{"mode":"disagg","prefill_workers":6},"metrics":{"tput_per_gpu":58895.42192854801},"on_frontier":false},` + "\n")
	w := NewJSONWriter(discard{})
	b.SetBytes(int64(len(line)))
	for b.Loop() {
		w.Write(line)
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// spanned is a JSON line whose two strings hold s1 and s2 as they are,
// and the spans of those strings, quotes included.
func spanned(s1, s2 string) ([]byte, []int) {
	b := []byte(`  {"id":"1p1d-c4","label":`)
	spans := []int{len(b)}
	b = append(append(append(b, '"'), s1...), '"')
	spans = append(spans, len(b))
	b = append(b, `,"metrics":{"tput_per_gpu":12.5},"suspect":{"rule":`...)
	spans = append(spans, len(b))
	b = append(append(append(b, '"'), s2...), '"')
	spans = append(spans, len(b))
	return append(b, "}\n"...), spans
}

// Looking through the spans alone is looking through the whole, when the
// rest is printable ASCII; nothing to rewrite gives the bytes uncopied.
func TestEscapeJSONSpansIsEscapeJSON(t *testing.T) {
	for _, pair := range [][2]string{{"plain", "4.2× its siblings"}, {"x\u202ey", "ok"}, {"µ", "\u0085\x7f\xe2"},
		{strings.ToValidUTF8(hostile, "\ufffd"), "\xff\xfe"}, {"", ""}} {
		b, spans := spanned(pair[0], pair[1])
		if got, want := EscapeJSONSpans(b, spans), EscapeJSON(b); !bytes.Equal(got, want) {
			t.Fatalf("%q: spans %q, whole %q", pair, got, want)
		}
	}
	b, spans := spanned("plain", "4.2× its siblings")
	if &EscapeJSONSpans(b, spans)[0] != &b[0] || &EscapeJSONSpans(b, nil)[0] != &b[0] {
		t.Error("safe spans were copied")
	}
	if b, spans := spanned("a\u202eb", "c"); bytes.Equal(EscapeJSONSpans(b, spans), b) {
		t.Error("a bidi override in a span passed as it was")
	}
}

// FuzzEscapeJSONSpans: the spans' escape is the whole's.
func FuzzEscapeJSONSpans(f *testing.F) {
	f.Add("x\u202ey", "4.2× its c4 siblings")
	f.Add(hostile, "\xe2\x82")
	f.Fuzz(func(t *testing.T, s1, s2 string) {
		b, spans := spanned(s1, s2)
		if got, want := EscapeJSONSpans(b, spans), EscapeJSON(b); !bytes.Equal(got, want) {
			t.Fatalf("%q %q: spans %q, whole %q", s1, s2, got, want)
		}
	})
}
