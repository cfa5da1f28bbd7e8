package intern

// Table shares the few distinct strings (model, hardware, image…) of a
// large file between its rows, so 100,000 rows do not hold 100,000 copies.
type Table map[string]string

// Get is b as a string, the one kept when there is one.
func (in Table) Get(b []byte) string {
	if s, ok := in[string(b)]; ok {
		return s
	}
	return in.Add(b)
}

// Add is b as a string, kept for the rows after while there is room.
func (in Table) Add(b []byte) string {
	s := string(b)
	if len(in) < 4096 {
		in[s] = s
	}
	return s
}
