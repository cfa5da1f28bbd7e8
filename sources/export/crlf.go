package export

import "bytes"

// Line endings: a file with CRLF line endings (edited on Windows) is edited
// as LF and written back with CRLF on every line, old and new, so its
// existing bytes stay as they were. A file that mixes endings is edited as
// it is (new lines get LF): converting it would rewrite bytes.

// readLF wraps a reader: a pure-CRLF file is returned as LF and remembered.
func (c *exportCtx) readLF(read func(string) ([]byte, error)) func(string) ([]byte, error) {
	return func(path string) ([]byte, error) {
		data, err := read(path)
		if err != nil {
			return nil, err
		}
		if lf, ok := fromCRLF(data); ok {
			c.crlf[path] = data
			return lf, nil
		}
		return data, nil
	}
}

// fromCRLF is data with CRLF turned into LF, when every line ends in CRLF
// and converting back gives data exactly.
func fromCRLF(data []byte) ([]byte, bool) {
	n := bytes.Count(data, []byte("\r\n"))
	if n == 0 || n != bytes.Count(data, []byte("\n")) {
		return nil, false
	}
	lf := bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	if !bytes.Equal(toCRLF(lf), data) {
		return nil, false
	}
	return lf, true
}

func toCRLF(lf []byte) []byte { return bytes.ReplaceAll(lf, []byte("\n"), []byte("\r\n")) }
