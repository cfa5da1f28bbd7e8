package cli

import (
	"bytes"
	"strings"
	"syscall"
	"testing"
)

// fullDisk takes a few bytes, then fails as a full disk does.
type fullDisk struct{ room int }

func (d *fullDisk) Write(p []byte) (int, error) {
	if len(p) <= d.room {
		d.room -= len(p)
		return len(p), nil
	}
	n := d.room
	d.room = 0
	return n, syscall.ENOSPC
}

// Output lost to a full disk (`report > file`) exited 0 for text and 2
// (bad input) for --json, saying nothing: it is a write failure now, exit
// 3, said once on stderr, whatever the command and however it prints.
func TestFullDiskOnStdoutIsAWriteFailure(t *testing.T) {
	for _, args := range [][]string{
		{"report"}, {"report", "--json"}, {"report", "--csv"}, {"history"},
		{"review", "--remove", "agg-tep2-c16"}, {"version"},
	} {
		var errOut bytes.Buffer
		code := run(args, strings.NewReader(""), &fullDisk{room: 10}, &errOut)
		if code != exitWriteFailed || strings.Count(errOut.String(), "writing the output: no space left on device") != 1 {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut.String())
		}
	}
}
