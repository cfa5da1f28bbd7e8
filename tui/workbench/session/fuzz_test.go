package session

import (
	"testing"

	"github.com/sweeptune/sweeptune/internal/fixtures"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

// FuzzSession: any file either fails to parse or restores only valid
// planned points and loaded curves, without a panic.
func FuzzSession(f *testing.F) {
	f.Add([]byte(`{"version":1,"marks":["a"],"planned":[{"id":"x","knobs":{"Mode":"disagg","Concurrency":8,"Prefill":{"Workers":-1}}}],"x_axis":"p90-intvty","log_x":true}`))
	f.Add([]byte(`{"version":1,"planned":[{"id":"7p","knobs":{"Mode":"disagg","Concurrency":5540,"DecodeBS":96},"metrics":{"tput-per-gpu":1e308,"mean-intvty":-0}}]}`))
	f.Add([]byte("\ufeff{}"))
	f.Add([]byte(`{"version":1,"curve":{"model":"deepseek-ai/DeepSeek-V4.1-Flash"},"overlays":[{"hardware":"b200"},{}],"y_axis":"tput-per-mw","as_of":"2026-02-30","all_dates":true}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Parse(data)
		if err != nil {
			return
		}
		st := workbench.New()
		file.Apply(st)
		for _, p := range st.Planned {
			pp := Planned{ID: p.ID, Knobs: p.Knobs}
			if why := pp.invalid(); why != "" {
				t.Fatalf("restored an invalid planned point: %s", why)
			}
		}
		st.SetPoints(fixtures.Demo())
		file.ApplyView(st)
		for _, k := range append([]model.CurveKey{st.Curve}, st.Overlays...) {
			if !st.HasCurve(k) {
				t.Fatalf("shows a curve that is not loaded: %s", k)
			}
		}
	})
}
