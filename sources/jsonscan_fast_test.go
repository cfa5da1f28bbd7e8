package sources

import (
	"bytes"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// strByQuotes is the string scan as it was first written (find a quote,
// count the backslashes before it, then look for controls): str must
// agree with it on every input, error and position included.
func strByQuotes(data []byte) (raw []byte, esc bool, pos int, err string) {
	if len(data) == 0 || data[0] != '"' {
		return nil, false, 0, "no quote"
	}
	start, p := 1, 1
	for {
		i := bytes.IndexByte(data[p:], '"')
		if i < 0 {
			return nil, false, start, "unterminated string (truncated?)"
		}
		end := p + i
		n := 0
		for j := end - 1; j >= start && data[j] == '\\'; j-- {
			n++
		}
		p = end + 1
		if n%2 == 0 {
			raw = data[start:end]
			for _, c := range raw {
				if c < 0x20 {
					return nil, false, start, "control character in string"
				}
			}
			return raw, bytes.IndexByte(raw, '\\') >= 0, p, ""
		}
	}
}

func checkStr(t *testing.T, in []byte) {
	t.Helper()
	wantRaw, wantEsc, wantPos, wantErr := strByQuotes(in)
	if wantErr == "no quote" {
		return
	}
	s := &jsonScan{data: in}
	raw, esc, ok := s.str()
	gotErr := ""
	if !ok {
		gotErr = s.err.Error()
		gotErr = gotErr[strings.Index(gotErr, ": ")+2:]
		if !strings.HasPrefix(s.err.Error(), "line "+strconv.Itoa(lineAt(in, wantPos))+":") {
			t.Fatalf("str(%q): %v, want it at line %d", in, s.err, lineAt(in, wantPos))
		}
	}
	if gotErr != wantErr || !bytes.Equal(raw, wantRaw) || esc != wantEsc || (ok && s.pos != wantPos) {
		t.Fatalf("str(%q) = %q %v pos %d err %q, want %q %v pos %d err %q", in, raw, esc, s.pos, gotErr, wantRaw, wantEsc, wantPos, wantErr)
	}
}

func TestStrIsQuoteScan(t *testing.T) {
	for _, in := range []string{`""`, `"a"`, `"abcdefghijklmnop"`, `"abc\"def"`, `"a\\"`, `"a\\\"b"`, `"a\\\\"x`,
		"\"a\x01b\"", "\"a\\\x01\"", "\"abcdefgh\x1f\"", `"unterminated`, "\"ctrl\x02 unterminated", `"\`, `"a\`,
		`"abcdefg\"`, `"abcdefgh\\"`, "\"h\u00e9llo w\u00f6rld caf\u00e9s\"", "\"\xff\xfe\x80\x7f\"", `"1234567"`, `"12345678"`, `"123456789"`} {
		checkStr(t, []byte(in))
	}
	r := rand.New(rand.NewPCG(3, 4))
	alphabet := []byte{'a', '"', '\\', 0x01, 0x1f, 0x20, 0x7f, 0x80, 0xff, 'z', '\n'}
	for i := 0; i < 100000; i++ {
		b := []byte{'"'}
		for n := r.IntN(40); n > 0; n-- {
			if r.IntN(3) == 0 {
				b = append(b, alphabet[r.IntN(len(alphabet))])
			} else {
				b = append(b, 'a'+byte(r.IntN(26)))
			}
		}
		checkStr(t, b)
	}
}

func FuzzStr(f *testing.F) {
	for _, s := range []string{`"abc"`, `"a\"b"`, "\"a\x01\"", `"abcdefghij\\"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		checkStr(t, append([]byte{'"'}, in...))
	})
}
