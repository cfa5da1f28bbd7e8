package statusline

import (
	"strings"
	"testing"
)

// A held note stays in front of what follows until a key is seen; data in
// a message cannot drive the terminal.
func TestHeldNoteAndEscaping(t *testing.T) {
	var l Line
	l.Hold("session kept aside")
	l.Set("loaded 21 points", false)
	if l.Text != "session kept aside · loaded 21 points" || !l.Err {
		t.Errorf("held: %q err %v", l.Text, l.Err)
	}
	l.Hold("session kept aside") // the same note is not said twice
	if l.Text != "session kept aside" {
		t.Errorf("held twice: %q", l.Text)
	}
	l.Seen()
	l.Set("x \x1b]52;c;evil\x07 y", false)
	if strings.ContainsRune(l.Text, '\x1b') || l.Err {
		t.Errorf("after a key: %q err %v", l.Text, l.Err)
	}
}

// A message wider than the screen wraps, at most MaxLines, the last cut
// with an ellipsis; a short one leaves room for the key help, dropped
// piece by piece.
func TestLinesWrapAndDropTheHelp(t *testing.T) {
	help := func(full bool) string {
		if full {
			return "j down · tab next · ? help"
		}
		return "? help"
	}
	if got := Lines("loaded", 40, 3, help); len(got) != 1 || !strings.HasSuffix(got[0], "j down · tab next · ? help") {
		t.Errorf("short: %q", got)
	}
	if got := Lines("loaded 21 points from 4 files", 40, 3, help); len(got) != 1 || !strings.HasSuffix(got[0], "? help") || strings.Contains(got[0], "tab") {
		t.Errorf("medium: %q", got)
	}
	long := strings.Repeat("word ", 40)
	got := Lines(long, 40, 3, help)
	if len(got) != MaxLines || !strings.HasSuffix(strings.TrimRight(got[MaxLines-1], " "), "…") {
		t.Errorf("long: %q", got)
	}
	if got := Lines(long, 40, 1, help); len(got) != 1 {
		t.Errorf("one row left: %q", got)
	}
}
