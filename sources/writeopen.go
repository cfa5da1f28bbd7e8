package sources

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// OpenWritable opens path for writing (flag: os.O_WRONLY or os.O_RDWR with
// os.O_APPEND, os.O_CREATE, os.O_EXCL … as wanted) the way a file a
// checkout may have planted must be opened: never through a symbolic link
// (the path's last component), never anything but a regular file, and
// never waiting on a named pipe. A refusal is a *fs.PathError whose Err is
// a NotRegularError naming what is there.
func OpenWritable(path string, flag int, perm fs.FileMode) (*os.File, error) {
	if info, err := os.Lstat(path); err == nil && !info.Mode().IsRegular() {
		return nil, &fs.PathError{Op: "write", Path: path, Err: NotRegularError{info.Mode()}}
	}
	f, err := openNoFollow(path, flag, perm)
	if errors.Is(err, syscall.ELOOP) { // a link put there since the check
		return nil, &fs.PathError{Op: "write", Path: path, Err: NotRegularError{fs.ModeSymlink}}
	}
	if err != nil {
		return nil, err
	}
	info, err := f.Stat()
	if err == nil && !info.Mode().IsRegular() {
		err = &fs.PathError{Op: "write", Path: path, Err: NotRegularError{info.Mode()}}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// OpenReadable opens path for reading a stream of any size, refusing what
// is not a regular file without waiting on a named pipe (ReadRegular reads
// a whole file under a limit).
func OpenReadable(path string) (*os.File, error) {
	f, _, err := openRegular(path, 1<<62)
	return f, err
}
