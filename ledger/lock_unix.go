//go:build unix

package ledger

import (
	"fmt"
	"os"
	"syscall"
	"time"
)

// lockWait is how long an append waits for another process's.
var lockWait = 10 * time.Second

// lockFile takes an exclusive flock on the open ledger. The ledger is only
// ever appended to, never replaced, so the lock on its inode keeps out every
// other appender; the kernel drops it if the process dies.
func lockFile(f *os.File) (unlock func(), err error) {
	deadline := time.Now().Add(lockWait)
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return func() { syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }, nil
		}
		if err != syscall.EWOULDBLOCK || time.Now().After(deadline) {
			return nil, fmt.Errorf("another process is appending (%v); try again", err)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
