//go:build !unix

package export

import (
	"fmt"
	"os"
	"path/filepath"
	"time"
)

var lockWait = 10 * time.Second

// lockDirs creates a lock file in each directory (O_EXCL); a lock file
// left by a crash older than a minute is taken over.
func lockDirs(dirs []string) (unlock func(), err error) {
	var held []string
	unlock = func() {
		for _, p := range held {
			os.Remove(p)
		}
	}
	for _, d := range dirs {
		p := filepath.Join(d, ".sweeptune-export.lock")
		deadline := time.Now().Add(lockWait)
		for {
			var f *os.File
			if f, err = os.OpenFile(p, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644); err == nil {
				f.Close()
				break
			}
			if st, serr := os.Stat(p); serr == nil && time.Since(st.ModTime()) > time.Minute {
				os.Remove(p)
				continue
			}
			if time.Now().After(deadline) {
				unlock()
				return nil, fmt.Errorf("another export is writing in %s; try again", d)
			}
			time.Sleep(20 * time.Millisecond)
		}
		held = append(held, p)
	}
	return unlock, nil
}
