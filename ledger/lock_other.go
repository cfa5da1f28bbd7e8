//go:build !unix

package ledger

import (
	"fmt"
	"os"
	"time"
)

var lockWait = 10 * time.Second

// lockFile creates <ledger>.lock (O_EXCL) beside the ledger; a lock file a
// crash left older than a minute is taken over.
func lockFile(f *os.File) (unlock func(), err error) {
	p := f.Name() + ".lock"
	deadline := time.Now().Add(lockWait)
	for {
		l, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			l.Close()
			return func() { os.Remove(p) }, nil
		}
		if st, serr := os.Stat(p); serr == nil && time.Since(st.ModTime()) > time.Minute {
			os.Remove(p)
			continue
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("another process is appending (%s exists); try again", p)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
