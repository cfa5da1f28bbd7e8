package export

import (
	"fmt"
	"os"
	"time"

	"github.com/sweeptune/sweeptune/sources"
)

// lockWait is how long an export waits for another to finish.
var lockWait = 10 * time.Second

// lockDirs takes an exclusive lock on each directory (in the order given).
// The directory is locked rather than the file: the file is replaced by a
// rename, and a lock on the old inode would not keep out a process that
// opens the new one. A process that dies holds none (sources.LockDir).
func lockDirs(dirs []string) (unlock func(), err error) {
	var held []func()
	unlock = func() {
		for i := len(held) - 1; i >= 0; i-- {
			held[i]()
		}
	}
	for _, d := range dirs {
		f, err := os.Open(d)
		if err != nil {
			unlock()
			return nil, err
		}
		release, err := sources.LockDir(f, lockWait)
		if err != nil {
			f.Close()
			unlock()
			return nil, fmt.Errorf("another export is writing in %s (%v); try again", d, err)
		}
		held = append(held, func() {
			release()
			f.Close()
		})
	}
	return unlock, nil
}
