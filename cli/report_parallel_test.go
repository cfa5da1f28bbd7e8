package cli

import (
	"bytes"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/sources/synth"
)

// report --json gives the same bytes whether its point lines are made by
// one goroutine or by several in chunks (a curve shorter than a chunk,
// longer than several, suspects among them).
func TestReportJSONParallelIsSerial(t *testing.T) {
	for _, curves := range []int{3, 40} {
		path := filepath.Join(t.TempDir(), "rows.json")
		if err := os.WriteFile(path, synth.Rows(6000, curves), 0o644); err != nil {
			t.Fatal(err)
		}
		compareParallel(t, path)
	}
}

func compareParallel(t *testing.T, path string) {
	out := func(from int) (string, string, int) {
		defer func(v int) { parallelPoints = v }(parallelPoints)
		parallelPoints = from
		var stdout, stderr bytes.Buffer
		code := run([]string{"report", "--json", "--x", "mean-intvty", path}, strings.NewReader(""), &stdout, &stderr)
		return stdout.String(), stderr.String(), code
	}
	serial, serr, scode := out(math.MaxInt)
	par, perr, pcode := out(1)
	if serial != par || serr != perr || scode != pcode {
		t.Fatalf("parallel output differs: %d bytes (exit %d) vs serial %d bytes (exit %d)", len(par), pcode, len(serial), scode)
	}
	if !strings.Contains(serial, `"suspect":`) || strings.Count(serial, `"id":`) < 5000 {
		t.Fatalf("the rows should give suspects and thousands of points:\n%.300s", serial)
	}
}

// Made on every core, the lines are escaped for the terminal as the one
// writer escapes them: DEL, C1 and bidi controls as JSON escapes.
func TestReportJSONParallelEscapesAsSerial(t *testing.T) {
	rows := bytes.ReplaceAll(synth.Rows(6000, 3), []byte(`"image": "img"`),
		[]byte(`"image": "sglang\u202e\u0085\u007f:v0.5.9"`))
	path := filepath.Join(t.TempDir(), "rows.json")
	if err := os.WriteFile(path, rows, 0o644); err != nil {
		t.Fatal(err)
	}
	compareParallel(t, path)
	var stdout bytes.Buffer
	run([]string{"report", "--json", path}, strings.NewReader(""), &stdout, io.Discard)
	if n := strings.Count(stdout.String(), `sglang\u202e\u0085\u007f:v0.5.9`); n < 5000 {
		t.Fatalf("%d images escaped of 6000", n)
	}
}

// A chunk whose strings were all plain is passed on without the terminal
// filter's look through it (the appender says so): the output is the
// serial writer's, filtered, whichever field holds the one hostile string
// among thousands of plain ones, and however many rows hold it.
func TestPlainChunksPassTheFilterAsTheyAre(t *testing.T) {
	for _, field := range []string{`"run_url": "https://example.invalid/r/17"`, `"date": "2026-11-01"`, `"framework": "dynamo-sglang"`} {
		hostile := field[:len(field)-1] + `\u202e\u0085\u007f\u00e9<"` // JSON escapes: the runes themselves once read
		rows := bytes.Replace(synth.Rows(6000, 3), []byte(field), []byte(hostile), 1)
		if bytes.Equal(rows, synth.Rows(6000, 3)) {
			t.Fatalf("%s: not in the rows", field)
		}
		path := filepath.Join(t.TempDir(), "rows.json")
		if err := os.WriteFile(path, rows, 0o644); err != nil {
			t.Fatal(err)
		}
		compareParallel(t, path)
	}
}

// The document's other parts (the warnings, which name a file) are
// escaped as the point lines are when the lines are made on every core
// and all of it passes through one buffer.
func TestReportJSONParallelEscapesWarnings(t *testing.T) {
	rows := bytes.Replace(synth.Rows(6000, 3), []byte(`"framework": "dynamo-sglang"`),
		[]byte(`"framework": "dynamo-sglang\u0085"`), 1)
	path := filepath.Join(t.TempDir(), "rows\u202e.json")
	if err := os.WriteFile(path, rows, 0o644); err != nil {
		t.Fatal(err)
	}
	compareParallel(t, path)
	defer func(v int) { parallelPoints = v }(parallelPoints)
	parallelPoints = 1
	var stdout bytes.Buffer
	run([]string{"report", "--json", path}, strings.NewReader(""), &stdout, io.Discard)
	warnings := stdout.String()[strings.LastIndex(stdout.String(), `"warnings"`):]
	if !strings.Contains(warnings, `rows\u202e.json: framework`) || strings.ContainsRune(stdout.String(), '\u202e') {
		t.Fatalf("warnings not escaped: %.400s", warnings)
	}
}
