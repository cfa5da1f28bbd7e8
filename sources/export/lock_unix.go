//go:build unix

package export

import (
	"fmt"
	"os"
	"syscall"
	"time"
)

// lockWait is how long an export waits for another to finish.
var lockWait = 10 * time.Second

// lockDirs takes an exclusive flock on each directory (in the order given).
// The directory is locked rather than the file: the file is replaced by a
// rename, and a lock on the old inode would not keep out a process that
// opens the new one. The kernel drops the locks if the process dies.
func lockDirs(dirs []string) (unlock func(), err error) {
	var held []*os.File
	unlock = func() {
		for i := len(held) - 1; i >= 0; i-- {
			syscall.Flock(int(held[i].Fd()), syscall.LOCK_UN)
			held[i].Close()
		}
	}
	for _, d := range dirs {
		f, err := os.Open(d)
		if err != nil {
			unlock()
			return nil, err
		}
		deadline := time.Now().Add(lockWait)
		for {
			err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
			if err == nil || err != syscall.EWOULDBLOCK || time.Now().After(deadline) {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		if err != nil {
			f.Close()
			unlock()
			return nil, fmt.Errorf("another export is writing in %s (%v); try again", d, err)
		}
		held = append(held, f)
	}
	return unlock, nil
}
