package frame

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// Wrap breaks each line of s wider than w at spaces (words longer than a
// line are cut), continuing under the line's own indent plus two cells, so
// a wrapped item still reads as one (a "# " comment continues as one). Styling is closed at each break and
// reopened on the next line, so a border drawn beside a line keeps its own.
func Wrap(s string, w int) []string {
	if w <= 0 {
		return strings.Split(s, "\n")
	}
	var out []string
	for _, line := range strings.Split(s, "\n") {
		out = append(out, wrapLine(line, w)...)
	}
	return out
}

// FitWrap wraps s to w and cuts or pads it to exactly h lines of w cells.
func FitWrap(s string, w, h int) []string {
	return Fit(strings.Join(Wrap(s, w), "\n"), w, h)
}

func wrapLine(line string, w int) []string {
	if ansi.StringWidth(line) <= w {
		return []string{line}
	}
	plain := ansi.Strip(line)
	indent := len(plain) - len(strings.TrimLeft(plain, " "))
	hang := indent + 2
	if hang > w/2 {
		hang = 0 // a deep indent in a narrow pane: wrap flush instead
	}
	pad := strings.Repeat(" ", hang)
	if strings.HasPrefix(plain[indent:], "# ") && hang > 0 {
		pad = strings.Repeat(" ", indent) + "#   " // a wrapped comment stays a comment
		hang = indent + 4
	}
	var lines []string
	var cur strings.Builder
	curW, limit := 0, w
	flush := func() {
		lines = append(lines, cur.String())
		cur.Reset()
		cur.WriteString(pad)
		curW, limit = hang, w
	}
	toks := tokens(line)
	for i := 0; i < len(toks); i += 2 {
		word, ww := toks[i], ansi.StringWidth(toks[i])
		sep := ""
		if i > 0 {
			sep = toks[i-1]
		}
		switch {
		case i == 0:
		case curW+len(sep)+ww <= limit || ww > w-hang && curW+len(sep) < limit-4:
			// It fits, or it fits no line and is cut starting here.
			cur.WriteString(sep)
			curW += len(sep)
		default:
			flush()
		}
		for curW+ww > limit { // a word longer than the line: cut it
			n := cutAt(word, limit-curW)
			cur.WriteString(ansi.Truncate(word, n, ""))
			word = ansi.TruncateLeft(word, n, "")
			ww = ansi.StringWidth(word)
			flush()
		}
		cur.WriteString(word)
		curW += ww
	}
	if s := strings.TrimRight(cur.String(), " "); s != "" || len(lines) == 0 {
		lines = append(lines, cur.String())
	}
	return carrySGR(lines)
}

// cutAt is where to cut a word that must be cut within n cells: after
// its last dash, @, comma, slash, colon or underscore when that keeps more
// than half the room, else at n.
func cutAt(word string, n int) int {
	plain := []rune(ansi.Strip(word))
	for k := min(n, len(plain)) - 1; k > n/2; k-- {
		if strings.ContainsRune("-@,/:_", plain[k]) {
			return k + 1
		}
	}
	return max(n, 1)
}

// tokens splits a line into words and the runs of spaces between them
// (word, spaces, word, …); escape sequences stay inside their word.
func tokens(line string) []string {
	var out []string
	start, inSpace := 0, false
	for i := 0; i < len(line); i++ {
		c := line[i]
		if c == 0x1b { // skip a whole CSI sequence: it is part of a word
			j := i + 1
			if j < len(line) && line[j] == '[' {
				j++
				for j < len(line) && (line[j] < 0x40 || line[j] > 0x7e) {
					j++
				}
			}
			if inSpace {
				out = append(out, line[start:i])
				start, inSpace = i, false
			}
			i = j
			continue
		}
		if (c == ' ') != inSpace {
			if i > 0 || inSpace {
				out = append(out, line[start:i])
			}
			start, inSpace = i, c == ' '
		}
	}
	out = append(out, line[start:])
	if len(out) > 1 && out[0] != "" && strings.TrimSpace(out[0]) == "" {
		// A leading indent is a separator before the first word: keep it
		// in the first word so it is never dropped.
		out = append([]string{out[0] + out[1]}, out[2:]...)
	}
	return out
}

// carrySGR ends each line that leaves a style open with a reset and starts
// the next with the styles still in force.
func carrySGR(lines []string) []string {
	open := ""
	for i, l := range lines {
		if open != "" {
			// Keep the hanging indent unstyled: put the styles after it.
			trimmed := strings.TrimLeft(l, " ")
			l = l[:len(l)-len(trimmed)] + open + trimmed
		}
		open = activeSGR(l)
		if open != "" {
			l += "\x1b[m"
		}
		lines[i] = l
	}
	return lines
}

// activeSGR is the SGR sequences still in force at the end of s: those
// after its last reset.
func activeSGR(s string) string {
	var act strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != 0x1b || i+1 >= len(s) || s[i+1] != '[' {
			continue
		}
		j := i + 2
		for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == ';' || s[j] == ':') {
			j++
		}
		if j >= len(s) {
			break
		}
		if s[j] == 'm' {
			params := s[i+2 : j]
			if params == "" || params == "0" {
				act.Reset()
			} else {
				act.WriteString(s[i : j+1])
			}
		}
		i = j
	}
	return act.String()
}

// ShortenID fits an ID in w cells keeping what tells similar IDs apart: its
// first part and its end (3p1d-…-b24-c1228@published), cut at a dash where
// one falls, never to three identical-looking prefixes.
func ShortenID(id string, w int) string {
	if ansi.StringWidth(id) <= w {
		return id
	}
	r := []rune(id)
	if w < 6 {
		return string(r[:max(w-1, 0)]) + "…"
	}
	head := ""
	if i := strings.IndexByte(id, '-'); i > 0 && i+1 < w/2 {
		head = string([]rune(id[:i+1]))
	}
	room := w - len([]rune(head)) - 1
	tail := r[len(r)-room:]
	// Start the tail at a part's start: right after a dash, or at a dash
	// when that keeps at least half of it.
	if r[len(r)-room-1] != '-' {
		for k, c := range tail {
			if c == '-' && k <= room/2 {
				tail = tail[k:]
				break
			}
		}
	}
	return head + "…" + string(tail)
}
