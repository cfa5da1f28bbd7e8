//go:build !unix

package sources

import (
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// LockFile takes an exclusive lock on the open file f, waiting up to wait
// for another process that holds it, and returns what releases it. Without
// flock the lock is a file, <f>.lock, made O_EXCL beside f; one a crash
// left older than a minute is taken over.
func LockFile(f *os.File, wait time.Duration) (unlock func(), err error) {
	return lockPath(f.Name()+".lock", wait)
}

// LockDir takes an exclusive lock on the open directory d: a lock file in
// it, .sweeptune.lock, as LockFile makes one.
func LockDir(d *os.File, wait time.Duration) (unlock func(), err error) {
	return lockPath(filepath.Join(d.Name(), ".sweeptune.lock"), wait)
}

func lockPath(p string, wait time.Duration) (unlock func(), err error) {
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
