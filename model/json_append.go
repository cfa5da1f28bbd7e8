package model

import (
	"math"
	"strconv"
)

// AppendJSON appends the point as MarshalJSON writes it, byte for byte,
// without reflection: report --json writes a million points this way. A
// point with a string that encoding/json would escape (a quote, a control,
// non-ASCII, <>&) or a float it would refuse goes through MarshalJSON.
func (p *Point) AppendJSON(b []byte) ([]byte, error) {
	if !p.plainJSON() {
		m, err := p.MarshalJSON()
		return append(b, m...), err
	}
	b = append(b, `{"id":"`...)
	b = append(b, p.ID...)
	b = append(b, '"')
	if p.Label != "" {
		b = append(append(append(b, `,"label":"`...), p.Label...), '"')
	}
	b = append(append(append(b, `,"source":"`...), p.Source...), '"')
	if g := p.GPUs(); g != 0 {
		b = strconv.AppendInt(append(b, `,"gpus":`...), int64(g), 10)
	}
	b = append(b, `,"knobs":`...)
	b = p.Knobs.appendJSON(b)
	b = append(b, `,"metrics":`...)
	b = p.Metrics.AppendJSON(b)
	n := len(b)
	b = append(b, `,"provenance":{`...)
	start := len(b)
	pv := &p.Prov
	b = jsonStr(b, start, "file", pv.File)
	b = jsonStr(b, start, "run_url", pv.RunURL)
	b = jsonStr(b, start, "date", pv.Date)
	b = jsonFloat(b, start, "duration_s", pv.DurationS)
	b = jsonFloat(b, start, "projected_from_s", pv.ProjectedFromS)
	b = jsonStr(b, start, "image", pv.Image)
	b = jsonStr(b, start, "recipe", pv.Recipe)
	b = jsonStr(b, start, "recipe_variant", pv.RecipeVariant)
	if len(b) == start {
		b = b[:n] // no provenance: left out
	} else {
		b = append(b, '}')
	}
	return append(b, '}'), nil
}

func (k *Knobs) appendJSON(b []byte) []byte {
	b = append(b, '{')
	start := len(b)
	b = jsonStr(b, start, "mode", string(k.Mode))
	b = k.Prefill.appendJSON(b, start, "prefill_")
	b = k.Decode.appendJSON(b, start, "decode_")
	b = jsonInt(b, start, "decode_bs", k.DecodeBS)
	b = jsonInt(b, start, "max_running_requests", k.MaxRunningRequests)
	b = jsonInt(b, start, "decode_extra_slots", k.DecodeExtraSlots)
	b = jsonInt(b, start, "decode_ranks", k.DecodeRanksSet)
	b = jsonStr(b, start, "balance", k.Balance)
	b = jsonStr(b, start, "spec_decoding", k.SpecDecoding)
	b = jsonFloat(b, start, "acceptance_length", k.AcceptanceLength)
	b = jsonInt(b, start, "concurrency", k.Concurrency)
	return append(b, '}')
}

// appendJSON writes a role's fields, each name prefixed by its role, in
// MarshalJSON's order.
func (r *Role) appendJSON(b []byte, start int, prefix string) []byte {
	b = jsonInt(b, start, prefix+"workers", r.Workers)
	b = jsonInt(b, start, prefix+"nodes", r.Nodes)
	b = jsonInt(b, start, prefix+"gpus", r.GPUs)
	b = jsonInt(b, start, prefix+"tp", r.TP)
	b = jsonInt(b, start, prefix+"ep", r.EP)
	return jsonBool(b, start, prefix+"dp_attention", r.DPAttn)
}

// plainJSON reports that every string of the point is written as is
// between quotes and every float is finite.
func (p *Point) plainJSON() bool {
	k, pv := &p.Knobs, &p.Prov
	for _, s := range [...]string{p.ID, p.Label, string(p.Source), string(k.Mode), k.Balance, k.SpecDecoding,
		pv.File, pv.RunURL, pv.Date, pv.Image, pv.Recipe, pv.RecipeVariant} {
		if !plainString(s) {
			return false
		}
	}
	if pv.Raw != nil || p.Suspicion != nil {
		return false // a projected run's measured metrics, a suspect's rule
	}
	for _, f := range [...]float64{k.AcceptanceLength, pv.DurationS, pv.ProjectedFromS} {
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return false
		}
	}
	return true
}

func plainString(s string) bool {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		v := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		// A byte < 0x20 borrows, a byte ≥ 0x7f carries or has bit 7 set;
		// a word with either, or with one of "&<>\\, is left to the loop
		// below.
		if (v-0x2020202020202020|(v+0x0101010101010101)|v)&0x8080808080808080 != 0 || hasSpecial(v) {
			break
		}
	}
	for ; i < len(s); i++ {
		switch c := s[i]; {
		case c < 0x20 || c >= 0x7f, c == '"', c == '\\', c == '<', c == '>', c == '&':
			return false
		}
	}
	return true
}

// hasSpecial reports a byte of v that is '"', '&', '<', '>' or '\\'.
func hasSpecial(v uint64) bool {
	return hasByte(v, '"') || hasByte(v, '&') || hasByte(v, '<') || hasByte(v, '>') || hasByte(v, '\\')
}

// hasByte reports a byte of v equal to c (the classic zero-byte test on
// v XOR c repeated; exact when no byte of v has its high bit set).
func hasByte(v uint64, c byte) bool {
	x := v ^ (0x0101010101010101 * uint64(c))
	return (x-0x0101010101010101)&^x&0x8080808080808080 != 0
}

// field starts "name": after a comma unless it is the object's first.
func field(b []byte, start int, name string) []byte {
	if len(b) > start {
		b = append(b, ',')
	}
	return append(append(append(b, '"'), name...), '"', ':')
}

func jsonStr(b []byte, start int, name, v string) []byte {
	if v == "" {
		return b
	}
	return append(append(append(field(b, start, name), '"'), v...), '"')
}

func jsonInt(b []byte, start int, name string, v int) []byte {
	if v == 0 {
		return b
	}
	return strconv.AppendInt(field(b, start, name), int64(v), 10)
}

func jsonBool(b []byte, start int, name string, v bool) []byte {
	if !v {
		return b
	}
	return append(field(b, start, name), "true"...)
}

// jsonFloat writes v as encoding/json does (an exponent like e-07 as e-7).
func jsonFloat(b []byte, start int, name string, v float64) []byte {
	if v == 0 {
		return b
	}
	b = field(b, start, name)
	a := math.Abs(v)
	if a < 1e-6 || a >= 1e21 {
		b = strconv.AppendFloat(b, v, 'e', -1, 64)
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
		return b
	}
	return strconv.AppendFloat(b, v, 'f', -1, 64)
}
