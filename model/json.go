package model

import (
	"encoding/json"
	"math/bits"

	"github.com/sweeptune/sweeptune/internal/jsonfloat"
)

// The --json form of points, knobs and metrics: snake_case names, absent
// values left out (never 0), metrics in declaration order. Every command
// that prints points marshals these, so one point reads the same everywhere.

// MarshalJSON writes the present metrics in declaration order, without the
// sorting a map costs: 100,000 points are written in well under a second.
func (ms Metrics) MarshalJSON() ([]byte, error) { return ms.AppendJSON(nil), nil }

// AppendJSON appends the metrics object to b.
func (ms *Metrics) AppendJSON(b []byte) []byte {
	b = append(b, '{')
	first := true
	for has := ms.has & (1<<NumMetrics - 1); has != 0; has &= has - 1 {
		m := Metric(bits.TrailingZeros32(has))
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(append(append(b, '"'), metricInfos[m].json...), '"', ':')
		b = jsonfloat.Append(b, ms.vals[slot[m]])
	}
	return append(b, '}')
}

// knobsJSON is the JSON shape of Knobs: the whole topology, one snake_case
// name per knob (report --json, recipes --json, session files). An agg
// point's one worker role is prefill_*, as InferenceX's master config
// records it.
type knobsJSON struct {
	Mode               string  `json:"mode,omitempty"`
	PrefillWorkers     int     `json:"prefill_workers,omitempty"`
	PrefillNodes       int     `json:"prefill_nodes,omitempty"`
	PrefillGPUs        int     `json:"prefill_gpus,omitempty"`
	PrefillTP          int     `json:"prefill_tp,omitempty"`
	PrefillEP          int     `json:"prefill_ep,omitempty"`
	PrefillDPAttention bool    `json:"prefill_dp_attention,omitempty"`
	DecodeWorkers      int     `json:"decode_workers,omitempty"`
	DecodeNodes        int     `json:"decode_nodes,omitempty"`
	DecodeGPUs         int     `json:"decode_gpus,omitempty"`
	DecodeTP           int     `json:"decode_tp,omitempty"`
	DecodeEP           int     `json:"decode_ep,omitempty"`
	DecodeDPAttention  bool    `json:"decode_dp_attention,omitempty"`
	DecodeBS           int     `json:"decode_bs,omitempty"`
	MaxRunningRequests int     `json:"max_running_requests,omitempty"`
	DecodeExtraSlots   int     `json:"decode_extra_slots,omitempty"`
	DecodeRanks        int     `json:"decode_ranks,omitempty"` // only when a source states it
	Balance            string  `json:"balance,omitempty"`
	SpecDecoding       string  `json:"spec_decoding,omitempty"`
	AcceptanceLength   float64 `json:"acceptance_length,omitempty"`
	Concurrency        int     `json:"concurrency,omitempty"`
}

// MarshalJSON writes the knobs with the snake_case names of report --json.
func (k Knobs) MarshalJSON() ([]byte, error) {
	return json.Marshal(knobsJSON{Mode: string(k.Mode),
		PrefillWorkers: k.Prefill.Workers, PrefillNodes: k.Prefill.Nodes, PrefillGPUs: k.Prefill.GPUs,
		PrefillTP: k.Prefill.TP, PrefillEP: k.Prefill.EP, PrefillDPAttention: k.Prefill.DPAttn,
		DecodeWorkers: k.Decode.Workers, DecodeNodes: k.Decode.Nodes, DecodeGPUs: k.Decode.GPUs,
		DecodeTP: k.Decode.TP, DecodeEP: k.Decode.EP, DecodeDPAttention: k.Decode.DPAttn,
		DecodeBS: k.DecodeBS, MaxRunningRequests: k.MaxRunningRequests, DecodeExtraSlots: k.DecodeExtraSlots,
		DecodeRanks: k.DecodeRanksSet, Balance: k.Balance, SpecDecoding: k.SpecDecoding,
		AcceptanceLength: k.AcceptanceLength, Concurrency: k.Concurrency})
}

// UnmarshalJSON reads MarshalJSON's form, and the field names of session
// files written before it existed ("Mode", "Prefill": {"Workers": …}).
func (k *Knobs) UnmarshalJSON(b []byte) error {
	var probe map[string]json.RawMessage
	if err := json.Unmarshal(b, &probe); err != nil {
		return err
	}
	if _, legacy := probe["Mode"]; legacy {
		type plain Knobs // no methods: the default decoding
		return json.Unmarshal(b, (*plain)(k))
	}
	var j knobsJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*k = Knobs{Mode: Mode(j.Mode),
		Prefill:  Role{Workers: j.PrefillWorkers, Nodes: j.PrefillNodes, GPUs: j.PrefillGPUs, TP: j.PrefillTP, EP: j.PrefillEP, DPAttn: j.PrefillDPAttention},
		Decode:   Role{Workers: j.DecodeWorkers, Nodes: j.DecodeNodes, GPUs: j.DecodeGPUs, TP: j.DecodeTP, EP: j.DecodeEP, DPAttn: j.DecodeDPAttention},
		DecodeBS: j.DecodeBS, MaxRunningRequests: j.MaxRunningRequests, DecodeExtraSlots: j.DecodeExtraSlots,
		DecodeRanksSet: j.DecodeRanks, Balance: j.Balance, SpecDecoding: j.SpecDecoding,
		AcceptanceLength: j.AcceptanceLength, Concurrency: j.Concurrency}
	return nil
}

// MarshalJSON writes a point: its ID, label, source, GPUs, knobs, metrics
// and where it came from.
func (p Point) MarshalJSON() ([]byte, error) {
	knobs, err := p.Knobs.MarshalJSON()
	if err != nil {
		return nil, err
	}
	head, err := json.Marshal(struct {
		ID     string `json:"id"`
		Label  string `json:"label,omitempty"`
		Source Source `json:"source"`
		GPUs   int    `json:"gpus,omitempty"`
	}{p.ID, p.Label, p.Source, p.GPUs()})
	if err != nil {
		return nil, err
	}
	b := append(head[:len(head)-1], `,"knobs":`...)
	b = append(b, knobs...)
	b = append(b, `,"metrics":`...)
	b = p.Metrics.AppendJSON(b)
	if prov, _ := json.Marshal(p.Prov); len(prov) > 2 {
		b = append(append(b, `,"provenance":`...), prov...)
	}
	if p.Suspicion != nil {
		sus, _ := json.Marshal(p.Suspicion)
		b = append(append(b, `,"suspect":`...), sus...)
	}
	return append(b, '}'), nil
}
