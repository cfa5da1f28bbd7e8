// Package jsonscan holds the byte-level steps of reading JSON that the
// general scanner of the result formats (sources) and the API rows' fast
// path (sources/fastrows) share: space, the bytes a string scan must look
// at, and numbers read to strconv's value bit for bit, most in one pass.
// It imports no code of this module.
package jsonscan

// IsSpace reports JSON white space.
func IsSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\r' || c == '\t' }

// SkipSpace is the offset of the first byte at or after i that is not JSON
// white space: the window search here and both scanners (jsonScan and the
// API rows' fast path) step over space through it.
func SkipSpace(data []byte, i int) int {
	for i < len(data) && data[i] <= ' ' && IsSpace(data[i]) {
		i++
	}
	return i
}
