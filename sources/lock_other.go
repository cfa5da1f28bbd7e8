//go:build !unix

package sources

import (
	"fmt"
	"os"
	"time"
)

// LockFile takes an exclusive lock on the open file f, waiting up to wait
// for another process that holds it, and returns what releases it. Without
// flock the lock is a file, <f>.lock, made O_EXCL beside f; one a crash
// left older than a minute is taken over.
func LockFile(f *os.File, wait time.Duration) (unlock func(), err error) {
	p := f.Name() + ".lock"
	deadline := time.Now().Add(wait)
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
			return nil, fmt.Errorf("%s exists", p)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
