package model

import (
	"encoding/json"
	"testing"
)

// Knobs survive a JSON round trip (session files keep planned points so),
// and session files of the older default form still read.
func TestKnobsJSONRoundTrip(t *testing.T) {
	k := Knobs{Mode: ModeDisagg,
		Prefill:  Role{Workers: 7, GPUs: 2, Nodes: 4, TP: 2, EP: 2, DPAttn: true},
		Decode:   Role{Workers: 1, GPUs: 16, Nodes: 4, TP: 16, EP: 16, DPAttn: true},
		DecodeBS: 96, MaxRunningRequests: 1536, DecodeExtraSlots: 256, Balance: BalanceTotalTokens,
		Concurrency: 5540, SpecDecoding: "dspark", AcceptanceLength: 3.51, DecodeRanksSet: 16}
	b, err := json.Marshal(k)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"mode":"disagg","prefill_workers":7,"prefill_nodes":4,"prefill_gpus":2,"prefill_tp":2,"prefill_ep":2,"prefill_dp_attention":true,` +
		`"decode_workers":1,"decode_nodes":4,"decode_gpus":16,"decode_tp":16,"decode_ep":16,"decode_dp_attention":true,` +
		`"decode_bs":96,"max_running_requests":1536,"decode_extra_slots":256,"decode_ranks":16,"balance":"total_tokens",` +
		`"spec_decoding":"dspark","acceptance_length":3.51,"concurrency":5540}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
	var back Knobs
	if err := json.Unmarshal(b, &back); err != nil || back != k {
		t.Errorf("round trip: %+v, %v", back, err)
	}
	type plain Knobs
	old, _ := json.Marshal(plain(k))
	back = Knobs{}
	if err := json.Unmarshal(old, &back); err != nil || back != k {
		t.Errorf("legacy form %s: %+v, %v", old, back, err)
	}
}
