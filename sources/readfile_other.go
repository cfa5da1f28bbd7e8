//go:build !unix

package sources

import (
	"io/fs"
	"os"
)

// openNoBlock checks the path before opening it where opening cannot be
// made non-blocking.
func openNoBlock(path string) (*os.File, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, &fs.PathError{Op: "open", Path: path, Err: NotRegularError{info.Mode()}}
	}
	return os.Open(path)
}

// openNoFollow opens for writing; OpenWritable checked the path first.
func openNoFollow(path string, flag int, perm os.FileMode) (*os.File, error) {
	return os.OpenFile(path, flag, perm)
}
