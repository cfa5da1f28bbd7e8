package cli

import (
	"bufio"
	"encoding/json"
	"io"
	"runtime"
	"strconv"
	"sync/atomic"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render/termsafe"
)

// writeReportJSON prints the report with one compact line per point: as
// readable as indented JSON for a few points, and fast for 100,000. A
// point is model.Point's JSON plus on_frontier (and hull_vertex on the
// frontier); a projected run's provenance keeps its own length
// (projected_from_s) and measured metrics (raw), and a short run not
// projected says why (not_projected).
func writeReportJSON(w io.Writer, rep report) error {
	ew, _ := w.(escapedWriter)
	lines, escaped := pointLines(rep.Curves, ew != nil)
	if escaped {
		// The point lines come escaped: everything else is escaped here
		// and all of it passed on as it is, through one buffer (a write
		// per chunk was a write per curve for one-point curves).
		w = escapedSink{ew}
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	line := func(indent string, v any, tail string) error {
		b, err := json.Marshal(v)
		if err != nil {
			return err
		}
		if escaped {
			b = termsafe.EscapeJSON(b)
		}
		bw.WriteString(indent)
		bw.Write(b)
		bw.WriteString(tail)
		return nil
	}
	bw.WriteString("{\n  \"schema_version\": " + strconv.Itoa(schemaVersion) + ",\n  \"axis\": ")
	line("", rep.X.Name, ",\n  \"y_axis\": ")
	line("", rep.Y.Name, ",\n  \"curves\": [")
	emit := func(b []byte) { bw.Write(b) }
	for ci, c := range rep.Curves {
		if ci > 0 {
			bw.WriteString(",")
		}
		bw.WriteString("\n    {\n      \"key\": ")
		line("", c.Key, ",\n      \"points\": [")
		if err := lines(ci, emit); err != nil {
			return err
		}
		if len(c.Points) > 0 {
			bw.WriteString("\n      ")
		}
		bw.WriteString("]")
		if c.RunLength != nil {
			bw.WriteString(",\n      \"run_length\": ")
			line("", c.RunLength, "")
		}
		bw.WriteString("\n    }")
	}
	if len(rep.Curves) > 0 {
		bw.WriteString("\n  ")
	}
	if len(rep.Published) > 0 {
		bw.WriteString("],\n  \"published\": ")
		line("", rep.Published, ",\n  \"warnings\": ")
	} else {
		bw.WriteString("],\n  \"warnings\": ")
	}
	line("", rep.Warnings, "\n}\n")
	return bw.Flush()
}

// pointLine appends point pi of curve c as report --json writes it: its
// JSON with on_frontier, hull_vertex and not_projected, a comma unless it
// is the curve's last.
func pointLine(a *model.JSONAppender, buf []byte, c *reportCurve, projs []model.Projection, pi int) ([]byte, error) {
	b, err := a.Append(buf, &c.Points[pi])
	if err != nil {
		return b, err
	}
	b = append(b[:len(b)-1], `,"on_frontier":`...)
	if c.OnFrontier[pi] {
		b = append(b, "true"...)
		if c.HullVertex[pi] {
			b = append(b, `,"hull_vertex":true`...)
		} else {
			b = append(b, `,"hull_vertex":false`...)
		}
	} else {
		b = append(b, "false"...)
	}
	if why := model.NotProjectedWhy(&c.Points[pi], projs); why != "" {
		b = append(append(append(b, `,"not_projected":"`...), why...), '"')
	}
	b = append(b, '}')
	if pi < len(c.Points)-1 {
		b = append(b, ',')
	}
	return b, nil
}

// warmed keeps warmStrings' sums from being optimised away.
var warmed atomic.Int64

// warmStrings reads the first and last byte of each point's ID and run
// URL, the strings every point has its own of. Grouped by curve, the
// points lie in order but their strings lie where the load made them,
// one cache miss each: this loop, short and with nothing waiting on its
// loads, has many of them under way at once, so the formatting after it
// finds the bytes in the cache instead of waiting on each in turn.
func warmStrings(points []model.Point) int {
	n := 0
	for i := range points {
		p := &points[i]
		if id := p.ID; len(id) > 0 {
			n += int(id[0]) + int(id[len(id)-1])
		}
		if u := p.Prov.RunURL; len(u) > 0 {
			n += int(u[0]) + int(u[len(u)-1])
		}
	}
	return n
}

// warmAhead is how far ahead of the formatting warmStrings runs,
// warmBatch points at a time. Run over a whole chunk first, its reads
// were wasted: the 1,024 points formatted in between (664 bytes each,
// more than a core's second-level cache) pushed the strings out again
// before their turn came, and plainString waited on them (4.2 % of a
// million-row report's samples; 1.2 % read 64 ahead; 128 ahead was
// quicker still, 256 slower).
const (
	warmAhead = 128
	warmBatch = 16
)

// parallelPoints is the point count from which the lines are made on
// every processor: below it one goroutine is quicker than handing out
// (a test sets it to compare the two).
var parallelPoints = 1 << 15

// linesChunk is the points of one curve a worker makes at a time.
const linesChunk = 1024

// escapedWriter takes bytes already escaped for the terminal
// (termsafe.JSONWriter).
type escapedWriter interface {
	WriteEscaped([]byte) (int, error)
}

// escapedSink passes bytes already escaped on as they are.
type escapedSink struct{ ew escapedWriter }

func (s escapedSink) Write(b []byte) (int, error) { return s.ew.WriteEscaped(b) }

// pointLines returns, for the curves, a function that gives curve ci's
// point lines, each after its newline and indent, in order, one or many
// at a time (the bytes are valid during the call only). A large report
// is made by several goroutines ahead of the writer, a bounded number of
// chunks at a time, each chunk given at once; the writer sees the same
// bytes in the same order either way. With escape, the workers also
// escape their chunks (termsafe.EscapeJSONSpans), and escaped says the bytes
// given are. A point MarshalJSON refuses (a float it cannot write) sends
// the whole report down the one-goroutine path, which stops at that point
// as it always did.
func pointLines(curves []reportCurve, escape bool) (lines func(ci int, emit func([]byte)) error, escaped bool) {
	total := 0
	finite := true
	for ci := range curves {
		total += len(curves[ci].Points)
		for pi := range curves[ci].Points {
			finite = finite && curves[ci].Points[pi].FiniteJSON()
		}
	}
	workers := runtime.GOMAXPROCS(0)
	if total < parallelPoints || workers < 2 || !finite {
		var a model.JSONAppender
		var buf []byte
		return func(ci int, emit func([]byte)) error {
			c := &curves[ci]
			projs := c.Projections()
			for pi := range c.Points {
				b, err := pointLine(&a, append(buf[:0], lineIndent...), c, projs, pi)
				if err != nil {
					return err
				}
				buf = b
				emit(b)
			}
			return nil
		}, false
	}
	type chunk struct {
		ci, lo, hi int
		buf        []byte
		out        []byte // buf, or buf escaped
		done       chan struct{}
	}
	// Chunks in order; at most inflight made ahead of the writer.
	inflight := 4 * workers
	order := make(chan *chunk, inflight)
	work := make(chan *chunk, inflight)
	free := make(chan *chunk, inflight)
	for range inflight {
		free <- &chunk{done: make(chan struct{}, 1), buf: make([]byte, 0, linesChunk*800)}
	}
	go func() {
		for ci := range curves {
			for lo := 0; lo < len(curves[ci].Points); lo += linesChunk {
				ch := <-free
				ch.ci, ch.lo, ch.hi = ci, lo, min(lo+linesChunk, len(curves[ci].Points))
				order <- ch
				work <- ch
			}
		}
		close(order)
		close(work)
	}()
	for range workers {
		go func() {
			var a model.JSONAppender
			sum := 0
			defer func() { warmed.Add(int64(sum)) }()
			for ch := range work {
				c := &curves[ch.ci]
				projs := c.Projections()
				ch.buf = ch.buf[:0]
				sum += warmStrings(c.Points[ch.lo:min(ch.lo+warmAhead, ch.hi)])
				a.ResetPlain()
				for pi := ch.lo; pi < ch.hi; pi++ {
					if (pi-ch.lo)%warmBatch == 0 && pi+warmAhead < ch.hi {
						sum += warmStrings(c.Points[pi+warmAhead : min(pi+warmAhead+warmBatch, ch.hi)])
					}
					ch.buf, _ = pointLine(&a, append(ch.buf, lineIndent...), c, projs, pi) // every float is finite
				}
				ch.out = ch.buf
				// Strings all plain, the chunk is printable ASCII and
				// newlines, which the terminal filter passes as they are
				// (TestPlainChunksPassTheFilterAsTheyAre): not looked
				// through again, 680 MB at a million points.
				// Else only the strings that were not plain are looked
				// through (a suspect's reason holds a "×").
				if escape && !a.AllPlain() {
					ch.out = termsafe.EscapeJSONSpans(ch.buf, a.Unplain())
				}
				ch.done <- struct{}{}
			}
		}()
	}
	return func(ci int, emit func([]byte)) error {
		for n := len(curves[ci].Points); n > 0; {
			ch := <-order
			<-ch.done
			emit(ch.out)
			n -= ch.hi - ch.lo
			free <- ch
		}
		return nil
	}, escape
}

// lineIndent comes before each point's line.
const lineIndent = "\n        "
