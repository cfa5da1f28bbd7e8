package model

import (
	"bytes"
	"math"
	"reflect"
	"strings"
	"testing"
)

// AppendJSON writes what MarshalJSON writes, for plain points and for
// points whose strings or floats take encoding/json's own path.
func TestAppendJSONIsMarshalJSON(t *testing.T) {
	full := Point{ID: "7p1d-dep2-dep16-c5540", Label: "7P", Source: SourceLocal, GPUCount: 30,
		Knobs: Knobs{Mode: ModeDisagg, Prefill: Role{Workers: 7, GPUs: 2, Nodes: 1, TP: 2, EP: 2, DPAttn: true},
			Decode:   Role{Workers: 1, GPUs: 16, Nodes: 4, TP: 16, EP: 16, DPAttn: true},
			DecodeBS: 96, MaxRunningRequests: 2048, DecodeExtraSlots: 8, Balance: "round_robin", DecodeRanksSet: 16,
			Concurrency: 5540, SpecDecoding: "mtp", AcceptanceLength: 2.75},
		Prov: Provenance{File: "a/b.json", RunURL: "https://x/1", Date: "2026-02-27", DurationS: 1800, ProjectedFromS: 600,
			Image: "img:1", Recipe: "r.yaml", RecipeVariant: "sweep[2]"}}
	full.Metrics.Set(TputPerGPU, 1033494.25)
	full.Metrics.Set(MeanIntvty, 157.5)
	tiny := full
	tiny.Knobs.AcceptanceLength = 3e-9
	tiny.Prov.DurationS = 2.5e22
	var cases = []Point{{}, {ID: "x", Source: SourcePublished}, full, tiny}
	for _, s := range []string{`q"uote`, `back\slash`, "<b>&", "\x1b[2J", "µ→✓", "\u2028", "\xff", "\x7f"} {
		p := full
		p.Label = s
		cases = append(cases, p)
		p = full
		p.Prov.Image = s
		cases = append(cases, p)
	}
	for k := 0; k < 17; k++ {
		for _, c := range []string{`"`, `\\`, "<", ">", "&", "\x01", "\x7f", "é"} {
			p := full
			p.ID = strings.Repeat("a", k) + c + "bbbbbbbbb"
			cases = append(cases, p)
		}
	}
	raw := full
	raw.Prov.Raw = &Metrics{}
	raw.Prov.Raw.Set(TputPerGPU, 990000.5)
	cases = append(cases, raw)
	sus := full
	sus.Suspicion = &Suspicion{}
	cases = append(cases, sus)
	nan := full
	nan.Knobs.AcceptanceLength = math.NaN()
	cases = append(cases, nan)
	for i := range cases {
		want, werr := cases[i].MarshalJSON()
		got, gerr := cases[i].AppendJSON([]byte("prefix"))
		if (werr != nil) != (gerr != nil) || !bytes.Equal(got, append([]byte("prefix"), want...)) {
			t.Errorf("case %d:\n got %s (%v)\nwant prefix%s (%v)", i, got, gerr, want, werr)
		}
	}
}

// AppendJSON writes Point, Knobs and Provenance field by field: a field
// added to one of them must be added there too (or sent to MarshalJSON).
func TestAppendJSONKnowsEveryField(t *testing.T) {
	for typ, n := range map[reflect.Type]int{reflect.TypeFor[Point](): 9, reflect.TypeFor[Knobs](): 11, reflect.TypeFor[Provenance](): 9, reflect.TypeFor[Role](): 6} {
		if typ.NumField() != n {
			t.Errorf("%s has %d fields, AppendJSON knows %d: write the new one as MarshalJSON does", typ, typ.NumField(), n)
		}
	}
}
