package cli

import "testing"

// A large file read with small ones (a dump and a directory of local
// results) loads as one file does, with the proportional trigger off; two
// large files keep it.
func TestOneLargeFile(t *testing.T) {
	const mb = 1 << 20
	for _, c := range []struct {
		largest, total int64
		want           bool
	}{
		{747 * mb, 747 * mb, true},
		{747 * mb, 747*mb + 9*mb, true}, // corpus2 beside a million rows
		{747 * mb, 747*mb + 46*mb, true},
		{747 * mb, 747*mb + 60*mb, false},
		{400 * mb, 800 * mb, false},
	} {
		if got := oneLargeFile(c.largest, c.total); got != c.want {
			t.Errorf("oneLargeFile(%d MB, %d MB) = %v", c.largest/mb, c.total/mb, got)
		}
	}
}
