package sources

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sync"

	"github.com/sweeptune/sweeptune/internal/mem"
)

// MaxFileBytes is the most one file may hold to be read. A results tree
// can hold anything (a core dump, a model's weights, a sparse image): past
// this the file is skipped with its size, before a byte is read, so one
// file never takes the load's memory. It sits above the largest real
// inputs: a million published API rows are a 745 MB file.
const MaxFileBytes = 2_000_000_000

// sniffBytes is how much of a file decides that it is binary.
const sniffBytes = 8 << 10

// ReadRegular reads a regular file of at most MaxFileBytes. A named pipe,
// device or socket is refused before a byte is read: reading one would hang
// on a writer that never comes, or never end (/dev/zero). The file is
// opened without blocking and checked on the open descriptor, so a pipe
// swapped in after a stat cannot hang it either.
func ReadRegular(path string) ([]byte, error) { return ReadRegularMax(path, MaxFileBytes) }

// ReadRegularMax is ReadRegular with another limit; a larger file is a
// TooLargeError.
func ReadRegularMax(path string, limit int64) ([]byte, error) {
	f, size, err := openRegular(path, limit)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readBounded(f, nil, size, limit)
}

// readData reads a data file for a load: like ReadRegular, but its first
// few KB are looked at before the rest is read, and a binary file is a
// BinaryError after reading only them.
func readData(path string) ([]byte, error) {
	fd, err := openData(path, mapRule{})
	if err != nil {
		return nil, err
	}
	return fd.data, nil
}

// fileData is a data file's bytes for a load: read into memory, or, for a
// large file where the system can (Linux), mapped read-only from the page
// cache, so that a parser that keeps none of the bytes can read it a
// stretch at a time into buffers of its own (mappedFile) and the file
// never stands whole in the process's memory beside what is parsed from
// it.
type fileData struct {
	data   []byte
	mapped bool
	f      *os.File    // open while mapped
	info   os.FileInfo // the file as mapped, to tell that it changed since
}

// mapMin is the size from which a data file is mapped rather than read.
const mapMin = 256 << 20

// rowsMapMin is the size from which a file that begins as API rows (the
// format parsed from a mapping: parseMapped) is mapped rather than read.
// Read, its bytes stood in the heap beside its points until the parse
// ended, and the collector's goal (twice the file) could come first: a
// collection then marked the file with the points and freed nothing
// (100,000 rows, 75 MB: 141 MB marked, peak 193 MiB). Mapped, the heap
// holds the points alone (peak 118 MiB, docs/report-speed.md). Below it
// the rows are parsed on one core, and the file is small.
const rowsMapMin = parallelMinBytes

// mapRule says which data files openData maps: any file of `any` bytes or
// more, and one that begins as API rows of `rows` bytes or more (0: none).
type mapRule struct{ any, rows int64 }

// loadMaps is the rule of a load.
var loadMaps = mapRule{any: mapMin, rows: rowsMapMin}

// maps reports whether a file of size bytes whose first bytes are first
// is mapped.
func (r mapRule) maps(size int64, first []byte) bool {
	return r.any > 0 && size >= r.any ||
		r.rows > 0 && size >= r.rows && sniffAPIRows(bytes.TrimPrefix(first, utf8BOM))
}

// openData reads a data file for a load, or maps it when the rule says
// so; a mapped fileData must be released.
func openData(path string, rule mapRule) (*fileData, error) {
	f, size, err := openRegular(path, MaxFileBytes)
	if err != nil {
		return nil, err
	}
	keep := false
	defer func() {
		if !keep {
			f.Close()
		}
	}()
	first := make([]byte, min(size, sniffBytes+int64(len(utf8BOM))))
	n, err := io.ReadFull(f, first)
	first = first[:n]
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return nil, err
	}
	if isBinary(bytes.TrimPrefix(first, utf8BOM)) {
		return nil, BinaryError{}
	}
	if rule.maps(size, first) {
		if fd := mapData(f, size); fd != nil {
			keep = true
			return fd, nil
		}
	}
	data, err := readRest(f, size, first)
	if err != nil {
		return nil, err
	}
	return &fileData{data: data}, nil
}

// mapData maps f, of size bytes when opened, or returns nil: the mapping
// failed, or the file is not the size it was (a file that shrank would
// fault on its lost pages, one that grew would be cut short), and the
// caller reads it instead.
func mapData(f *os.File, size int64) *fileData {
	data, err := mem.MapFile(f, size)
	if err != nil {
		return nil
	}
	info, err := f.Stat()
	if err != nil || info.Size() != size {
		mem.Unmap(data)
		return nil
	}
	return &fileData{data: data, mapped: true, f: f, info: info}
}

// changed reports that a mapped file is no longer the size or the age it
// had when mapped (truncated, rewritten, or gone).
func (fd *fileData) changed() bool {
	info, err := fd.f.Stat()
	return err != nil || info.Size() != fd.info.Size() || !info.ModTime().Equal(fd.info.ModTime())
}

// inMemory makes a mapped file's bytes a copy in memory and unmaps it.
func (fd *fileData) inMemory() {
	if !fd.mapped {
		return
	}
	data := bytes.Clone(fd.data)
	fd.release()
	fd.data = data
}

// release unmaps a mapped file; its bytes must not be touched after.
func (fd *fileData) release() {
	if fd.mapped {
		mem.Unmap(fd.data)
		fd.f.Close()
		fd.data, fd.mapped = nil, false
	}
}

// readRest reads the rest of f after its first bytes, read already.
func readRest(f *os.File, size int64, first []byte) ([]byte, error) {
	if size >= halvesMin {
		data, err := readHalves(f, make([]byte, size+1), first) // one more: a file that grew
		if err != nil || int64(len(data)) <= size {
			return data, err
		}
		first = data // it grew while being read: the rest as below
	}
	return readBounded(f, first, size, MaxFileBytes)
}

// halvesMin is the file size from which readData reads two halves at once.
const halvesMin = 16 << 20

// readHalves reads f into buf after what was read already (first), to its
// end or until buf is full: the two halves of the rest at once, the copy
// from the page cache into fresh memory being most of a large file's read
// (75 MB: 28 ms where one read took 43).
func readHalves(f *os.File, buf, first []byte) ([]byte, error) {
	from := copy(buf, first)
	mid := from + (len(buf)-from)/2
	var n [2]int
	var errs [2]error
	var wg sync.WaitGroup
	for h, part := range [2][2]int{{from, mid}, {mid, len(buf)}} {
		wg.Go(func() {
			mem.WritePages(buf[part[0]:part[1]]) // the copy then takes no fault a page
			n[h], errs[h] = f.ReadAt(buf[part[0]:part[1]], int64(part[0]))
			if errs[h] == io.EOF {
				errs[h] = nil
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	if from+n[0] < mid {
		return buf[:from+n[0]], nil // it ended in the first half
	}
	end := mid + n[1]
	if _, err := f.Seek(int64(end), io.SeekStart); err != nil { // where a read of the rest goes on
		return nil, err
	}
	return buf[:end], nil
}

// openRegular opens path for reading, refusing what is not a regular file
// and what is larger than limit; size is its size when opened.
func openRegular(path string, limit int64) (*os.File, int64, error) {
	f, err := openNoBlock(path)
	if err != nil {
		return nil, 0, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	if !info.Mode().IsRegular() {
		f.Close()
		return nil, 0, &fs.PathError{Op: "read", Path: path, Err: NotRegularError{info.Mode()}}
	}
	if info.Size() > limit {
		f.Close()
		return nil, 0, TooLargeError{Size: info.Size(), Limit: limit}
	}
	return f, info.Size(), nil
}

// readBounded reads the rest of r after what was read already (first),
// allocating for the size it had when opened and never past limit, even
// when the file grows meanwhile.
func readBounded(r io.Reader, first []byte, size, limit int64) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(int(min(size, limit)) + bytes.MinRead)
	buf.Write(first)
	if _, err := buf.ReadFrom(io.LimitReader(r, limit+1-int64(len(first)))); err != nil {
		return nil, err
	}
	if int64(buf.Len()) > limit {
		return nil, TooLargeError{Limit: limit}
	}
	return buf.Bytes(), nil
}

// TooLargeError is a file over the size limit; Size is 0 when the file
// grew past it while being read.
type TooLargeError struct{ Size, Limit int64 }

func (e TooLargeError) Error() string {
	if e.Size == 0 {
		return fmt.Sprintf("skipped: it grew past the %s limit while being read", sizeText(e.Limit))
	}
	return fmt.Sprintf("skipped: %s, over the %s limit", sizeText(e.Size), sizeText(e.Limit))
}

// BinaryError is a file whose first bytes cannot be text.
type BinaryError struct{}

func (BinaryError) Error() string { return "binary file, not a known format" }

// sizeText words a byte count in decimal units: 999 B, 1.5 kB, 40 GB.
func sizeText(n int64) string {
	units := []string{"B", "kB", "MB", "GB", "TB", "PB", "EB"}
	f, u := float64(n), 0
	for f >= 999.5 && u < len(units)-1 {
		f /= 1000
		u++
	}
	if u == 0 || f >= 9.95 {
		return fmt.Sprintf("%.0f %s", f, units[u])
	}
	return fmt.Sprintf("%.1f %s", f, units[u])
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

// mappedFile reads a mapped file's bytes for a parser that reads it a
// stretch at a time (fileReader), its first skip bytes not parsed (a
// byte-order mark).
type mappedFile struct {
	file *os.File
	skip int
}

// readInto reads the bytes lo … lo+len(dst) of the parsed data into dst;
// false when the file no longer holds them all.
func (m mappedFile) readInto(dst []byte, lo int) bool {
	n, err := m.file.ReadAt(dst, int64(m.skip+lo))
	return n == len(dst) && (err == nil || err == io.EOF)
}
