package intern

// Values numbers values in order of first appearance; the last value is
// remembered, so a run of equal ones costs a comparison each, no hash.
type Values[K comparable] struct {
	index map[K]int32
	last  K
	lastN int32
	any   bool
}

// NewValues is an empty numbering.
func NewValues[K comparable]() *Values[K] { return &Values[K]{index: map[K]int32{}} }

// Of is k's number: the next one when k is new.
func (in *Values[K]) Of(k K) int32 {
	if in.any && k == in.last {
		return in.lastN
	}
	n, ok := in.index[k]
	if !ok {
		n = int32(len(in.index))
		in.index[k] = n
	}
	in.last, in.lastN, in.any = k, n, true
	return n
}

// Len is how many values are numbered.
func (in *Values[K]) Len() int { return len(in.index) }

// Values are the values by number.
func (in *Values[K]) Values() []K {
	out := make([]K, len(in.index))
	for k, n := range in.index {
		out[n] = k
	}
	return out
}
