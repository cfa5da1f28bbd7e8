package model

import (
	"encoding/json"
	"reflect"
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

// A removal verdict and a point's gain are written with every key, null
// where a value is absent and [] for an empty list, and read back to what
// was written (the CLI tests read review and compare --json so).
func TestVerdictAndGainJSONRoundTrip(t *testing.T) {
	curve := CurveKey{Model: "m", Scenario: "8k1k", Hardware: "gb200", Framework: "sglang", Precision: "fp4"}
	for _, c := range []struct {
		v    any
		want string
	}{
		{&RemovalVerdict{ID: "8p1d", X: 191.4, Y: 803198, Test: "line", Neighbours: []string{"7p1d", "5p1d"},
			LineValue: 853132.5, HasLine: true, GapPct: -5.85, Covered: true, ParetoDominated: true, DominatedBy: "7p1d",
			Twins: []string{"8p1d@local"}, UsesPlanned: true, Planned: []string{"6p1d"}, WithinNoise: true},
			`{"id":"8p1d","x":191.4,"y":803198,"test":"line","neighbours":["7p1d","5p1d"],"line_value":853132.5,"gap_pct":-5.85,` +
				`"covered":true,"pareto_dominated":true,"dominated_by":"7p1d","twins":["8p1d@local"],"uses_planned":true,"planned":["6p1d"],"within_noise":true}`},
		{&RemovalVerdict{ID: "agg-tp4-c1", X: 12, Test: "none"},
			`{"id":"agg-tp4-c1","x":12,"y":0,"test":"none","neighbours":[],"line_value":null,"gap_pct":null,` +
				`"covered":false,"pareto_dominated":false,"dominated_by":null,"twins":[],"uses_planned":false,"planned":[],"within_noise":false}`},
		{&PointGain{ID: "9p1d", Curve: curve, Gain: Gain{X: 103, Y: 1117012, Other: 1005892.79, HasOther: true, GainPct: 11.05,
			Dashboard: 1008429.08, DashboardPct: 10.77}, WithinNoise: true, ProjectedFromS: 600, NotProjected: "no twin"},
			`{"id":"9p1d","curve":{"model":"m","scenario":"8k1k","hardware":"gb200","framework":"sglang","precision":"fp4"},` +
				`"x":103,"y":1117012,"other_value":1005892.79,"gain_pct":11.05,"within_noise":true,` +
				`"dashboard_other_value":1008429.08,"dashboard_gain_pct":10.77,"dashboard_within_noise":false,"projected_from_s":600,"not_projected":"no twin"}`},
		{&PointGain{ID: "agg-tep2-c16", Curve: curve, Gain: Gain{X: 292.4, Y: 57670}},
			`{"id":"agg-tep2-c16","curve":{"model":"m","scenario":"8k1k","hardware":"gb200","framework":"sglang","precision":"fp4"},` +
				`"x":292.4,"y":57670,"other_value":null,"gain_pct":null,"within_noise":false,` +
				`"dashboard_other_value":null,"dashboard_gain_pct":null,"dashboard_within_noise":false}`},
	} {
		b, err := json.Marshal(c.v)
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != c.want {
			t.Errorf("got  %s\nwant %s", b, c.want)
		}
		back := reflect.New(reflect.TypeOf(c.v).Elem()).Interface()
		if err := json.Unmarshal(b, back); err != nil || !reflect.DeepEqual(back, c.v) {
			t.Errorf("round trip of %s: %+v, %v", b, back, err)
		}
	}
}
