package sources

import (
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// agentxWith is an AgentX aggregate whose latency block is the given JSON.
func agentxWith(latency string) []byte {
	return []byte(`{"hw": "gb300", "conc": 64, "model": "m", "framework": "sglang", "precision": "fp4",
  "scenario_type": "agentic-coding", "num_gpus": 8, "tp": 8, "ep": 1, "dp_attention": "false",
  "request_metrics": {"latency": ` + latency + `,
    "throughput": {"per_gpu": {"total_tput_tps": 1000}}}}`)
}

// Older harnesses wrote intvty as p(1/ITL): its "p90" is the FAST tail
// (above the mean). The dashboard derives every interactivity statistic as
// 1 / the same ITL statistic (the slow tail), preferring the full-response
// ITL; sweeptune shows what the dashboard shows.
func TestAgentXInteractivityFromITL(t *testing.T) {
	fastTail := `{"intvty": {"mean": 50, "p50": 52, "p90": 60},
	  "itl": {"mean": 0.02, "p50": 0.019, "p90": 0.025}}`
	ds := LoadBytes("bmk_agentic_old.json", agentxWith(fastTail), Options{})
	noWarnings(t, ds)
	p := &ds.Points[0]
	metricsAre(t, p, map[model.Metric]float64{
		model.MeanIntvty: 50, model.MedianIntvty: 1 / 0.019,
		model.P90Intvty: 40, // 1/p90 ITL, not the file's 60
	})

	full := `{"intvty": {"mean": 50, "p90": 60}, "itl": {"mean": 0.02, "p90": 0.025},
	  "full_response_itl": {"mean": 0.025, "p90": 0.04}}`
	ds = LoadBytes("bmk_agentic_full.json", agentxWith(full), Options{})
	p = &ds.Points[0]
	metricsAre(t, p, map[model.Metric]float64{model.MeanIntvty: 40, model.P90Intvty: 25})
	if p.Metrics.Has(model.MedianIntvty) {
		t.Error("median interactivity without a median ITL")
	}

	// No ITL at all: the file's interactivity stands.
	ds = LoadBytes("bmk_agentic_intvty.json", agentxWith(`{"intvty": {"mean": 50, "p90": 45}}`), Options{})
	metricIs(t, &ds.Points[0], model.P90Intvty, 45)

	ds = LoadBytes("bmk_agentic_bad.json", agentxWith(`{"itl": {"mean": "x"}}`), Options{})
	if len(ds.Warnings) != 1 || !strings.Contains(ds.Warnings[0].String(), "request_metrics.latency.itl.mean") {
		t.Errorf("warnings %v", ds.Warnings)
	}
}
