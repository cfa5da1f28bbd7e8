package sources

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/resultrow"
)

// AgentX aggregate (the bmk_agentic_* artifact): identity and topology at
// the top like a flat row; request_metrics.latency.<group>.<stat> holds the
// distributions and request_metrics.throughput.per_gpu the per-GPU
// throughput over all GPUs. Local points by default.

func init() {
	register(format{name: "AgentX aggregate", priority: 10, sniff: sniffAgentX, parse: parseAgentX})
}

func sniffAgentX(data []byte) bool {
	h := head(data, 64<<10)
	return len(h) > 0 && h[0] == '{' && bytes.Contains(h, []byte(`"request_metrics"`))
}

// agentxLatency maps latency group → statistic → metric. intvty.p90 is
// 1/p90 TPOT (the slow tail), as InferenceX defines p90 interactivity.
var agentxLatency = map[string]map[string]model.Metric{
	"intvty":          {"mean": model.MeanIntvty, "p50": model.MedianIntvty, "p90": model.P90Intvty},
	"e2e_norm_intvty": {"p75": model.E2ENormP75, "p90": model.E2ENormP90},
	"e2el": {"mean": model.MeanE2EL, "p50": model.MedianE2EL, "p75": model.P75E2EL,
		"p90": model.P90E2EL, "p99": model.P99E2EL},
	"ttft": {"mean": model.MeanTTFT, "p50": model.MedianTTFT, "p90": model.P90TTFT, "p99": model.P99TTFT},
	"tpot": {"mean": model.MeanTPOT, "p50": model.MedianTPOT, "p90": model.P90TPOT, "p99": model.P99TPOT},
}

var agentxPerGPU = map[string]model.Metric{
	"total_tput_tps":  model.TputPerGPU,
	"input_tput_tps":  model.InputTputPerGPU,
	"output_tput_tps": model.OutputTputPerGPU,
}

func parseAgentX(path string, data []byte, ds *Dataset) {
	d := newRowDecoder(data)
	s := d.s
	var r resultrow.Row
	var unknown []string // statistics not read, named when nothing was
	var itl, fullITL itlStats
	s.members(func(key []byte) {
		if d.topField(key, &r) {
			return
		}
		if string(key) != "request_metrics" {
			s.skip()
			return
		}
		d.object("request_metrics", &r, func(k []byte) {
			switch string(k) {
			case "latency":
				d.object("request_metrics.latency", &r, func(group []byte) {
					switch string(group) {
					case "itl":
						itl.read(d, &r, "request_metrics.latency.itl")
						return
					case "full_response_itl":
						fullITL.read(d, &r, "request_metrics.latency.full_response_itl")
						return
					}
					stats, ok := agentxLatency[string(group)]
					if !ok {
						s.skip()
						return
					}
					prefix := "request_metrics.latency." + string(group) + "."
					d.object(prefix[:len(prefix)-1], &r, func(stat []byte) {
						if m, ok := stats[string(stat)]; ok {
							d.metric(prefix, stat, m, &r)
						} else {
							unknown = append(unknown, prefix+string(stat))
							s.skip()
						}
					})
				})
			case "throughput":
				d.object("request_metrics.throughput", &r, func(tk []byte) {
					switch string(tk) {
					case "per_gpu":
						d.object("request_metrics.throughput.per_gpu", &r, func(pk []byte) {
							if m, ok := agentxPerGPU[string(pk)]; ok {
								d.metric("request_metrics.throughput.per_gpu.", pk, m, &r)
							} else {
								unknown = append(unknown, "request_metrics.throughput.per_gpu."+string(pk))
								s.skip()
							}
						})
					case "duration_seconds":
						if x, ok := d.num("request_metrics.throughput.", tk, s.value(), &r); ok {
							r.DurationS = x
						}
					default:
						s.skip()
					}
				})
			default:
				s.skip()
			}
		})
	})
	if !d.ended(path, ds) {
		return
	}
	interactivityFromITL(&r.Metrics, itl, fullITL)
	if r.Bad == "" && len(r.Metrics.Present()) == 0 {
		ds.Warnf(path, "request_metrics", "no known metric (%s); want latency intvty mean/p50/p90, e2el, ttft, tpot or throughput.per_gpu.total_tput_tps; file skipped", unknownStats(unknown))
		return
	}
	d.addRow(ds, path, -1, 0, &r, model.SourceLocal)
}

// unknownStats names the first few statistics that were not understood.
func unknownStats(names []string) string {
	switch {
	case len(names) == 0:
		return "none found"
	case len(names) > 4:
		return "found " + strings.Join(names[:4], ", ") + fmt.Sprintf(" and %d more", len(names)-4)
	}
	return "found " + strings.Join(names, ", ")
}

// object descends into the object at pos, or records that field is not
// one (null counts as absent).
func (d *rowDecoder) object(field string, r *resultrow.Row, fn func(key []byte)) {
	if d.s.peek() == '{' {
		d.s.members(fn)
		return
	}
	d.otherKind(field, nil, "an object", d.s.value(), r)
}

// itlStats are the mean, p50 and p90 of an ITL block (seconds per token).
type itlStats struct {
	v   [3]float64
	has [3]bool
	any bool
}

var itlStatNames = [3]string{"mean", "p50", "p90"}
var itlIntvty = [3]model.Metric{model.MeanIntvty, model.MedianIntvty, model.P90Intvty}

func (st *itlStats) read(d *rowDecoder, r *resultrow.Row, field string) {
	d.object(field, r, func(stat []byte) {
		for i, name := range itlStatNames {
			if string(stat) == name {
				if x, ok := d.num(field+".", stat, d.s.value(), r); ok && x > 0 {
					st.v[i], st.has[i], st.any = x, true, true
				}
				return
			}
		}
		d.s.skip()
	})
}

// interactivityFromITL applies the dashboard's definition of AgentX
// interactivity (InferenceX-app benchmark-mapper: one definition across
// harness versions, some of which wrote p(1/ITL), the fast tail, as p90):
// each statistic is 1 / the same ITL statistic, the full-response ITL when
// the file has it, else the ITL; a statistic without its ITL is dropped.
// Files with no ITL at all keep the interactivity they state.
func interactivityFromITL(ms *model.Metrics, itl, full itlStats) {
	src := full
	if !src.any {
		src = itl
	}
	if !src.any {
		return
	}
	for i, m := range itlIntvty {
		if src.has[i] {
			ms.Set(m, 1/src.v[i])
		} else {
			ms.Clear(m)
		}
	}
}
