//go:build unix

package export

import (
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// keepOwner gives the staged file f the owner and group of like; failing
// to is an error (the file would change hands), not a shrug.
func keepOwner(f *os.File, like fs.FileInfo) error {
	st, ok := like.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	mine, err := f.Stat()
	if err != nil {
		return err
	}
	if cur, ok := mine.Sys().(*syscall.Stat_t); ok && cur.Uid == st.Uid && cur.Gid == st.Gid {
		return nil
	}
	if err := f.Chown(int(st.Uid), int(st.Gid)); err != nil {
		return fmt.Errorf("cannot keep the owner %d:%d (%v)", st.Uid, st.Gid, err)
	}
	return nil
}

// writable reports whether this process may write path (root may write
// anything; the mode check beside it refuses files nobody may write).
func writable(path string) bool {
	return syscall.Access(path, 2 /* W_OK */) == nil
}
