package srt

import (
	"sort"
	"strings"
)

// Line-level editing: export changes files by deleting and inserting whole
// lines at positions found through yaml.v3 nodes, so every byte it does not
// mean to change stays as it was.

type lineEdit struct {
	at  int      // index of the first line affected
	del int      // lines deleted from at
	ins []string // lines inserted at at (each ending in "\n")
}

// LineEditor collects line edits against a text's original lines and
// applies them at once.
type LineEditor struct {
	Lines  []string
	edits  []lineEdit
	blocks [][2]int // whole blocks to delete, see deleteBlock
}

// NewLineEditor edits text by whole lines, each edit against the original
// line numbers.
func NewLineEditor(text string) *LineEditor {
	lines := SplitLines(text)
	if n := len(lines); n > 0 && !strings.HasSuffix(lines[n-1], "\n") {
		lines[n-1] += "\n" // a line appended after the last needs it ended
	}
	return &LineEditor{Lines: lines}
}

// Insert adds text before line at.
func (e *LineEditor) Insert(at int, text string) {
	e.edits = append(e.edits, lineEdit{at: at, ins: SplitLines(text)})
}

// Delete removes lines from..to-1.
func (e *LineEditor) Delete(from, to int) {
	if to > from {
		e.edits = append(e.edits, lineEdit{at: from, del: to - from})
	}
}

// Apply performs the edits against the original lines: insertions are
// anchored before original line at (in the order given), deletions mark
// original lines. An insertion inside a deleted range therefore survives
// it (it used to be swallowed when a block deletion grew over the blank
// lines after it: FuzzEditBundle's "override_a:\n\n ").
func (e *LineEditor) Apply() string {
	n := len(e.Lines)
	deleted := make([]bool, n)
	ins := map[int][]string{}
	for _, ed := range append(e.edits, e.blockDeletes()...) {
		at := min(max(ed.at, 0), n)
		ins[at] = append(ins[at], ed.ins...)
		for i := at; i < min(at+ed.del, n); i++ {
			deleted[i] = true
		}
	}
	var b strings.Builder
	for i := 0; i <= n; i++ {
		for _, l := range ins[i] {
			b.WriteString(l)
		}
		if i < n && !deleted[i] {
			b.WriteString(e.Lines[i])
		}
	}
	return b.String()
}

// IsBlank reports whether a line holds only white space.
func IsBlank(line string) bool { return strings.TrimSpace(line) == "" }

// IndentOf is the count of leading spaces of a line.
func IndentOf(line string) int { return len(line) - len(strings.TrimLeft(line, " ")) }

// BlockEnd returns the index after the block that starts at line start and
// whose children are indented more than col: the first later non-blank line
// indented col or less, with trailing blank lines left outside.
func BlockEnd(lines []string, start, col int) int {
	end := len(lines)
	for i := start + 1; i < len(lines); i++ {
		if !IsBlank(lines[i]) && IndentOf(lines[i]) <= col {
			end = i
			break
		}
	}
	for end > start+1 && IsBlank(lines[end-1]) {
		end--
	}
	return end
}

// HeadComments returns the first line of the comment lines at column col
// directly above line (no blank line between), or line itself.
func HeadComments(lines []string, line, col int) int {
	for line > 0 {
		prev := lines[line-1]
		if IsBlank(prev) || IndentOf(prev) != col || !strings.HasPrefix(strings.TrimSpace(prev), "#") {
			break
		}
		line--
	}
	return line
}

// deleteBlock removes lines [from, to) with the blank lines around them
// (see apply), so spacing between the surviving blocks stays single.
func (e *LineEditor) deleteBlock(from, to int) {
	if to > from {
		e.blocks = append(e.blocks, [2]int{from, to})
	}
}

// blockDeletes merges blocks separated only by blank lines, then takes the
// blank lines after each run, or before it when the run ends the file.
func (e *LineEditor) blockDeletes() []lineEdit {
	bs := append([][2]int(nil), e.blocks...)
	sort.Slice(bs, func(i, j int) bool { return bs[i][0] < bs[j][0] })
	var out []lineEdit
	for i := 0; i < len(bs); {
		from, to := bs[i][0], bs[i][1]
		i++
		for {
			for to < len(e.Lines) && IsBlank(e.Lines[to]) {
				to++
			}
			if i < len(bs) && bs[i][0] <= to {
				to = max(to, bs[i][1])
				i++
				continue
			}
			break
		}
		if to == len(e.Lines) {
			for from > 0 && IsBlank(e.Lines[from-1]) {
				from--
			}
		}
		out = append(out, lineEdit{at: from, del: to - from})
	}
	return out
}

// SplitLines splits text into lines keeping each line's "\n".
func SplitLines(s string) []string {
	if s == "" {
		return nil
	}
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}
