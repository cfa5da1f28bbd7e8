//go:build unix

package sources

import (
	"os"
	"syscall"
	"time"
)

// LockFile takes an exclusive lock on the open file f, waiting up to wait
// for another process that holds it, and returns what releases it. On
// unix it is a flock on f's inode, so it keeps out only those who lock the
// same inode: lock a file that is appended to or that stands beside what
// is replaced, never one that a rename replaces. The kernel drops it if
// the process dies.
func LockFile(f *os.File, wait time.Duration) (unlock func(), err error) {
	deadline := time.Now().Add(wait)
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return func() { syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }, nil
		}
		if err != syscall.EWOULDBLOCK || time.Now().After(deadline) {
			return nil, err
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// LockDir takes an exclusive lock on the open directory d, as LockFile
// does on a file: the lock for a directory whose files are replaced by a
// rename (a lock on one of them would stay with the old inode).
func LockDir(d *os.File, wait time.Duration) (unlock func(), err error) { return LockFile(d, wait) }
