package cli

import (
	"bufio"
	"encoding/json"
	"io"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/sweeptune/sweeptune/model"
)

// writeReportJSON prints the report with one compact line per point: as
// readable as indented JSON for a few points, and fast for 100,000. A
// point is model.Point's JSON plus on_frontier (and hull_vertex on the
// frontier); a projected run's provenance keeps its own length
// (projected_from_s) and measured metrics (raw), and a short run not
// projected says why (not_projected).
func writeReportJSON(w io.Writer, rep report) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	line := func(indent string, v any, tail string) error {
		b, err := json.Marshal(v)
		if err != nil {
			return err
		}
		bw.WriteString(indent)
		bw.Write(b)
		bw.WriteString(tail)
		return nil
	}
	bw.WriteString("{\n  \"schema_version\": " + strconv.Itoa(schemaVersion) + ",\n  \"axis\": ")
	line("", rep.X.Name, ",\n  \"y_axis\": ")
	line("", rep.Y.Name, ",\n  \"curves\": [")
	lines := startPointLines(rep.Curves)
	defer lines.stop()
	for ci, c := range rep.Curves {
		if ci > 0 {
			bw.WriteString(",")
		}
		bw.WriteString("\n    {\n      \"key\": ")
		line("", c.Key, ",\n      \"points\": [")
		for range lines.chunks(ci) {
			b, err := lines.next()
			writeAligned(bw, b)
			if err != nil {
				return err
			}
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

// writeAligned writes b through bw so that bw passes on whole buffers
// only, at the same offsets as many small writes would: what reaches the
// writer before an error is the same whatever the chunks were.
func writeAligned(bw *bufio.Writer, b []byte) {
	for len(b) > 0 {
		if bw.Available() == 0 {
			bw.Flush()
		}
		n := min(len(b), bw.Available())
		bw.Write(b[:n])
		b = b[n:]
	}
}

// appendPointLines appends the lines of points a to b of curve c (projs
// its projections): each point's JSON with on_frontier, hull_vertex and
// not_projected, after a newline and indent, a comma after all but the
// curve's last. On an error it returns the lines before the failing
// point.
func appendPointLines(out []byte, c *reportCurve, projs []model.Projection, a, b int) ([]byte, error) {
	for pi := a; pi < b; pi++ {
		n := len(out)
		out = append(out, "\n        "...)
		buf, err := c.Points[pi].AppendJSON(out)
		if err != nil {
			return out[:n], err
		}
		buf = append(buf[:len(buf)-1], `,"on_frontier":`...)
		if c.OnFrontier[pi] {
			buf = append(buf, "true"...)
			if c.HullVertex[pi] {
				buf = append(buf, `,"hull_vertex":true`...)
			} else {
				buf = append(buf, `,"hull_vertex":false`...)
			}
		} else {
			buf = append(buf, "false"...)
		}
		if why := model.NotProjectedWhy(&c.Points[pi], projs); why != "" {
			buf = append(append(append(buf, `,"not_projected":"`...), why...), '"')
		}
		buf = append(buf, '}')
		if pi < len(c.Points)-1 {
			buf = append(buf, ',')
		}
		out = buf
	}
	return out, nil
}

// pointLines formats a report's point lines in chunks, on every core for
// a large report, handing them to the writer in order: the points of
// 100,000 rows are most of the output's work, and the writer passes on
// one chunk while the next are formatted.
type pointLines struct {
	curves []reportCurve
	projs  [][]model.Projection
	jobs   []lineJob
	at     int         // the next job the writer takes
	ahead  chan []byte // buffers free for the next jobs: bounds the chunks held
	quit   chan struct{}
	wg     sync.WaitGroup
}

type lineJob struct {
	curve, a, b int
	out         []byte
	err         error
	done        chan struct{} // closed when out is ready; nil: formatted on demand
}

// linesPerChunk is the points one job formats (about 1 MB of output).
const linesPerChunk = 2048

func startPointLines(curves []reportCurve) *pointLines {
	pl := &pointLines{curves: curves, projs: make([][]model.Projection, len(curves))}
	total := 0
	for ci := range curves {
		pl.projs[ci] = curves[ci].Projections()
		n := len(curves[ci].Points)
		total += n
		for a := 0; a < n; a += linesPerChunk {
			pl.jobs = append(pl.jobs, lineJob{curve: ci, a: a, b: min(a+linesPerChunk, n)})
		}
	}
	workers := runtime.GOMAXPROCS(0)
	if workers < 2 || total < 4*linesPerChunk {
		return pl
	}
	pl.ahead = make(chan []byte, 2*workers)
	for range cap(pl.ahead) {
		pl.ahead <- nil
	}
	pl.quit = make(chan struct{})
	for i := range pl.jobs {
		pl.jobs[i].done = make(chan struct{})
	}
	var next atomic.Int64
	for range workers {
		pl.wg.Go(func() {
			for {
				var buf []byte
				select {
				case buf = <-pl.ahead:
				case <-pl.quit:
					return
				}
				i := int(next.Add(1) - 1)
				if i >= len(pl.jobs) {
					return
				}
				pl.format(&pl.jobs[i], buf[:0])
				close(pl.jobs[i].done)
			}
		})
	}
	return pl
}

func (pl *pointLines) format(j *lineJob, buf []byte) {
	j.out, j.err = appendPointLines(buf, &pl.curves[j.curve], pl.projs[j.curve], j.a, j.b)
}

// chunks is how many jobs curve ci's points make.
func (pl *pointLines) chunks(ci int) int {
	return (len(pl.curves[ci].Points) + linesPerChunk - 1) / linesPerChunk
}

// next is the next job's lines, in order; the buffer returned before is
// handed back for another job.
func (pl *pointLines) next() ([]byte, error) {
	var spare []byte
	if pl.at > 0 {
		prev := &pl.jobs[pl.at-1]
		spare, prev.out = prev.out[:0], nil
		if pl.ahead != nil {
			pl.ahead <- spare
		}
	}
	j := &pl.jobs[pl.at]
	pl.at++
	if j.done == nil {
		pl.format(j, spare)
	} else {
		<-j.done
	}
	return j.out, j.err
}

// stop ends the workers (the report is written, or failed).
func (pl *pointLines) stop() {
	if pl.quit != nil {
		close(pl.quit)
		pl.wg.Wait()
	}
}
