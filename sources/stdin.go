package sources

import "io"

// StdinPath is the path that reads standard input ("-", as Unix tools
// spell it); StdinName names what it read in warnings and provenance.
const (
	StdinPath = "-"
	StdinName = "<stdin>"
)

// loadStdin reads standard input as one file: the same limit, the same
// refusal of binary bytes and the same format detection as a file on disk
// (so no mapping: it is read into memory).
// It is read once: a second "-" among the paths reads nothing more.
func loadStdin(opt Options, ds *Dataset) {
	ds.Files++
	if opt.Stdin == nil || ds.stdinRead {
		ds.Warnf(StdinName, "", "standard input was already read (or is not open); \"-\" skipped")
		return
	}
	ds.stdinRead = true
	data, err := io.ReadAll(io.LimitReader(opt.Stdin, MaxFileBytes+1))
	switch {
	case err != nil:
		ds.Warnf(StdinName, "", "cannot read: %v", err)
		return
	case int64(len(data)) > MaxFileBytes:
		ds.Warnf(StdinName, "", "skipped: more than the %s limit", sizeText(MaxFileBytes))
		return
	}
	ds.Files-- // loadFile counts it (and refuses binary bytes as for a file)
	loadFile(StdinName, data, opt, ds)
}
