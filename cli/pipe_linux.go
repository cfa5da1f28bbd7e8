package cli

import (
	"io"
	"os"
	"syscall"
)

// pipeBytes is the pipe buffer a large --json document asks for: the
// reader is woken once a megabyte instead of once every 64 KiB (the most
// an unprivileged process may set, /proc/sys/fs/pipe-max-size).
const pipeBytes = 1 << 20

// growPipe enlarges w's pipe buffer when w is a pipe; nothing otherwise,
// or when the system says no.
func growPipe(w io.Writer) {
	if sink, ok := w.(*outputSink); ok {
		w = sink.w
	}
	f, ok := w.(*os.File)
	if !ok {
		return
	}
	if info, err := f.Stat(); err != nil || info.Mode()&os.ModeNamedPipe == 0 {
		return
	}
	const setPipeSize = 1031 // F_SETPIPE_SZ
	syscall.Syscall(syscall.SYS_FCNTL, f.Fd(), setPipeSize, pipeBytes)
}
