package sources

import (
	"bytes"
	"fmt"
	"io/fs"
)

// ReadRegular reads a regular file. A named pipe, device or socket is
// refused before a byte is read: reading one would hang on a writer that
// never comes, or never end (/dev/zero). The file is opened without
// blocking and checked on the open descriptor, so a pipe swapped in after a
// stat cannot hang it either.
func ReadRegular(path string) ([]byte, error) {
	f, err := openNoBlock(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, &fs.PathError{Op: "read", Path: path, Err: NotRegularError{info.Mode()}}
	}
	var buf bytes.Buffer
	buf.Grow(int(info.Size()) + bytes.MinRead)
	if _, err := buf.ReadFrom(f); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// NotRegularError says what a path is instead of a regular file.
type NotRegularError struct{ Mode fs.FileMode }

func (e NotRegularError) Error() string {
	return fmt.Sprintf("not a regular file (%s); refused", kindOf(e.Mode))
}

// kindOf names a non-regular file type for a message.
func kindOf(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "an irregular file"
}
