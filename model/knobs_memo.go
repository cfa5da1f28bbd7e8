package model

// knobsMemo remembers the JSON of a few knobs, all but the concurrency:
// a curve's points share a handful of topologies and differ in their
// concurrency, and writing a topology's fields (a dozen names and
// numbers) cost more than comparing it with one written before. A slot
// is chosen by the worker counts and GPUs, and its knobs compared whole.
type knobsMemo [knobsMemoSlots]struct {
	knobs Knobs // Concurrency 0
	json  []byte
}

// knobsMemoSlots is a power of two.
const knobsMemoSlots = 16

func (m *knobsMemo) slot(k *Knobs) int {
	h := uint(k.Prefill.Workers)*7 + uint(k.Decode.Workers)*3 + uint(k.Prefill.GPUs)*5 + uint(k.Decode.GPUs)
	return int(h & (knobsMemoSlots - 1))
}

// of is the JSON kept for k's fields before the concurrency, nil if none.
func (m *knobsMemo) of(k *Knobs) []byte {
	e := &m[m.slot(k)]
	if e.json == nil {
		return nil
	}
	key := *k
	key.Concurrency = 0
	if e.knobs != key {
		return nil
	}
	return e.json
}

// keep remembers json as k's fields before the concurrency.
func (m *knobsMemo) keep(k *Knobs, json []byte) {
	e := &m[m.slot(k)]
	e.knobs = *k
	e.knobs.Concurrency = 0
	e.json = append(e.json[:0], json...)
	if e.json == nil {
		e.json = []byte{} // empty knobs: kept, not absent
	}
}
