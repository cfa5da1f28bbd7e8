package sources

import (
	"bytes"
	"encoding/json"
	"slices"
)

// format is one readable file format. Sniff looks at content only (never the
// name); Parse appends what it read to ds and records warnings there.
type format struct {
	name     string
	priority int // lower sniffs first
	sniff    func(data []byte) bool
	parse    func(path string, data []byte, ds *Dataset)
	// parseMapped, when set, parses a mapped file (large ones are): it
	// must keep no byte of data (every string it keeps a copy), may read
	// stretches of the file into buffers of its own rather than through
	// the mapping (file), and must set debug.SetPanicOnFault in any
	// goroutine it starts that reads data.
	parseMapped func(path string, data []byte, file fileReader, ds *Dataset)
	recipe      bool // a recipe format (read by sweeptune recipes)
}

var formats []format

// register adds a format; each format file calls it from init. formats
// stay in priority order, the first registered first among equals (a
// stable sort after each append, without sorting).
func register(f format) {
	i := len(formats)
	for i > 0 && formats[i-1].priority > f.priority {
		i--
	}
	formats = slices.Insert(formats, i, f)
}

// detect returns the format of data, or nil.
func detect(data []byte) *format {
	for i := range formats {
		if formats[i].sniff(data) {
			return &formats[i]
		}
	}
	return nil
}

// FormatName names the detected format of data ("" when unknown).
func FormatName(data []byte) string {
	if f := detect(data); f != nil {
		return f.name
	}
	return ""
}

// head returns at most n leading bytes with leading space trimmed, for sniffing.
func head(data []byte, n int) []byte {
	data = bytes.TrimLeft(data, " \t\r\n\ufeff")
	if len(data) > n {
		data = data[:n]
	}
	return data
}

// firstObjectLine is the first line of a JSON-lines file when it opens an
// object, nil otherwise (within the first 64 KiB), for sniffing.
func firstObjectLine(data []byte) []byte {
	h := head(data, 64<<10)
	if len(h) == 0 || h[0] != '{' {
		return nil
	}
	if i := bytes.IndexByte(h, '\n'); i >= 0 {
		return h[:i]
	}
	return h
}

// probeFirstLine decodes the first line into probe when it is one JSON
// object that holds each of the words (checked first, as bytes: most files
// are turned away without decoding).
func probeFirstLine(data []byte, probe any, words ...string) bool {
	line := firstObjectLine(data)
	for _, w := range words {
		if !bytes.Contains(line, []byte(w)) {
			return false
		}
	}
	return json.Unmarshal(bytes.TrimSpace(line), probe) == nil
}

// isBinary reports data that cannot be text (a NUL byte or invalid UTF-8 early on).
func isBinary(data []byte) bool {
	h := data
	if len(h) > 4096 {
		h = h[:4096]
	}
	return bytes.IndexByte(h, 0) >= 0
}
