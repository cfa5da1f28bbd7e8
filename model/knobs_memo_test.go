package model

import (
	"bytes"
	"testing"
)

// Points whose knobs share a memo slot (the same worker and GPU counts)
// and differ elsewhere, or only in their concurrency, or hold a string
// that is not plain: through one appender, each point's bytes are what
// MarshalJSON writes, and a string not plain is noted every time.
func TestKnobsMemoIsMarshalJSON(t *testing.T) {
	base := Knobs{Mode: ModeDisagg, SpecDecoding: "mtp", Concurrency: 64,
		Prefill: Role{Workers: 8, GPUs: 2, TP: 2, EP: 2, DPAttn: true},
		Decode:  Role{Workers: 1, GPUs: 16, TP: 16, EP: 16, DPAttn: true}}
	variants := []func(k *Knobs){
		func(k *Knobs) {},
		func(k *Knobs) { k.Concurrency = 128 },
		func(k *Knobs) { k.Concurrency = 0 },
		func(k *Knobs) { k.Balance = "round_robin" },
		func(k *Knobs) { k.SpecDecoding = "" },
		func(k *Knobs) { k.Decode.TP = 8 },
		func(k *Knobs) { k.AcceptanceLength = 2.5 },
		func(k *Knobs) { k.DecodeBS = 256; k.Concurrency = 7 },
		func(k *Knobs) { k.Balance = "r\u00e9sum\u00e9" }, // not plain
		func(k *Knobs) { k.Prefill.Workers = 1; k.Decode.GPUs = 51 },
		func(k *Knobs) { *k = Knobs{} },
		func(k *Knobs) { *k = Knobs{Concurrency: 3} },
	}
	var a JSONAppender
	var buf []byte
	for round := range 3 {
		for vi, v := range variants {
			p := Point{ID: "x", Source: SourcePublished, Knobs: base}
			v(&p.Knobs)
			p.Metrics.Set(TputPerGPU, 100)
			want, _ := p.MarshalJSON()
			a.ResetPlain()
			buf, _ = a.Append(buf[:0], &p)
			if !bytes.Equal(buf, want) {
				t.Fatalf("round %d variant %d:\n got %s\nwant %s", round, vi, buf, want)
			}
			if plain := p.Knobs.Balance != "r\u00e9sum\u00e9"; a.AllPlain() != plain {
				t.Fatalf("round %d variant %d: AllPlain %v", round, vi, a.AllPlain())
			}
		}
	}
}
