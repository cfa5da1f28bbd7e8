package numbering

import "github.com/sweeptune/sweeptune/model"

// baseKey is what BaseID reads of the knobs: equal keys give equal IDs.
type baseKey struct {
	mode                                               model.Mode
	pw, dw, ptp, pep, pgpus, dtp, dep, dgpus, bs, conc int
	pdp, ddp                                           bool
}

// baseIDs numbers base IDs in order of first appearance, found from the
// knobs without formatting them: a million points of a few thousand
// configurations format a few thousand IDs. Knobs whose numbers fit in
// 16 bits (batch and concurrency in 32) are looked up by a packed key;
// others by every field.
type baseIDs struct {
	byPacked map[packedBase]int32
	byKnobs  map[baseKey]int32
	byText   map[string]int32
	texts    []string
	modes    map[model.Mode]uint16
	lastMode model.Mode
	lastM    int // -1 before the first
	buf      []byte
}

// packedBase is a baseKey whose numbers fit: the mode numbered, the
// numbers 16 bits each (batch and concurrency 32), the DP attentions two bits.
type packedBase struct {
	w     [3]uint64
	mode  uint16
	flags uint8
}

func newBaseIDs() *baseIDs {
	return &baseIDs{byPacked: map[packedBase]int32{}, byKnobs: map[baseKey]int32{}, byText: map[string]int32{},
		modes: map[model.Mode]uint16{}, lastM: -1}
}

// packed is k's packed key, and whether it fits.
func (in *baseIDs) packed(k *model.Knobs) (packedBase, bool) {
	if in.lastM < 0 || k.Mode != in.lastMode {
		m, ok := in.modes[k.Mode]
		if !ok {
			if len(in.modes) > 1<<16-1 {
				return packedBase{}, false
			}
			m = uint16(len(in.modes))
			in.modes[k.Mode] = m
		}
		in.lastMode, in.lastM = k.Mode, int(m)
	}
	const b16, b32 = 1<<16 - 1, 1<<32 - 1
	p, d := &k.Prefill, &k.Decode
	if uint(p.Workers)|uint(d.Workers)|uint(p.TP)|uint(p.EP)|uint(p.GPUs)|uint(d.TP)|uint(d.EP)|uint(d.GPUs) > b16 ||
		uint(k.DecodeBS)|uint(k.Concurrency) > b32 {
		return packedBase{}, false // a negative number too
	}
	pb := packedBase{w: [3]uint64{
		uint64(p.Workers) | uint64(d.Workers)<<16 | uint64(p.TP)<<32 | uint64(p.EP)<<48,
		uint64(p.GPUs) | uint64(d.TP)<<16 | uint64(d.EP)<<32 | uint64(d.GPUs)<<48,
		uint64(k.DecodeBS) | uint64(k.Concurrency)<<32,
	}, mode: uint16(in.lastM)}
	if p.DPAttn {
		pb.flags |= 1
	}
	if d.DPAttn {
		pb.flags |= 2
	}
	return pb, true
}

func fullBaseKey(k *model.Knobs) baseKey {
	return baseKey{k.Mode, k.Prefill.Workers, k.Decode.Workers, k.Prefill.TP, k.Prefill.EP, k.Prefill.GPUs,
		k.Decode.TP, k.Decode.EP, k.Decode.GPUs, k.DecodeBS, k.Concurrency, k.Prefill.DPAttn, k.Decode.DPAttn}
}

// ofKnobs is the number of k's base ID.
func (in *baseIDs) ofKnobs(k *model.Knobs) int32 {
	pb, packed := in.packed(k)
	if packed {
		if b, ok := in.byPacked[pb]; ok {
			return b
		}
	} else if b, ok := in.byKnobs[fullBaseKey(k)]; ok {
		return b
	}
	in.buf = k.AppendBaseID(in.buf[:0])
	b := in.ofText(in.buf)
	if packed {
		in.byPacked[pb] = b
	} else {
		in.byKnobs[fullBaseKey(k)] = b
	}
	return b
}

// ofText is the number of the base ID text.
func (in *baseIDs) ofText(text []byte) int32 {
	b, ok := in.byText[string(text)]
	if !ok {
		b = int32(len(in.texts))
		in.texts = append(in.texts, string(text))
		in.byText[in.texts[b]] = b
	}
	return b
}
