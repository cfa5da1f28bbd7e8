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
