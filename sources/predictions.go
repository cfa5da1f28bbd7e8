package sources

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/sweeptune/sweeptune/model"
)

// sweeptune's own prediction ledger (docs/ledger.md), read as planned
// points: each recorded prediction is a point of its curve with the knobs
// and the predicted metrics, so that export can write what plan recorded.
// Only the fields a point needs are read here (sources does not import the
// planner); the ledger package reads the whole record.

func init() {
	register(format{name: "sweeptune prediction ledger", priority: 8, sniff: sniffPredictions, parse: parsePredictions})
}

// sniffPredictions: the first line is an object with a "v" member and
// "kind":"prediction".
func sniffPredictions(data []byte) bool {
	var probe struct {
		V    *int   `json:"v"`
		Kind string `json:"kind"`
	}
	return probeFirstLine(data, &probe, `"kind":"prediction"`) && probe.V != nil && probe.Kind == "prediction"
}

type predictionLine struct {
	V         int                `json:"v"`
	Kind      string             `json:"kind"`
	ID        string             `json:"id"`
	At        string             `json:"at"`
	Curve     model.CurveKey     `json:"curve"`
	Label     string             `json:"label"`
	Knobs     json.RawMessage    `json:"knobs"`
	Predicted map[string]float64 `json:"predicted"`
	Image     string             `json:"image"`
}

func parsePredictions(path string, data []byte, ds *Dataset) {
	lines := bytes.Split(data, []byte{'\n'})
	for n, raw := range lines {
		raw = bytes.TrimSpace(raw)
		if len(raw) == 0 {
			continue
		}
		field := fmt.Sprintf("line %d", n+1)
		var r predictionLine
		if err := json.Unmarshal(raw, &r); err != nil {
			what := "not a JSON object"
			if n == len(lines)-1 && !bytes.HasSuffix(data, []byte{'\n'}) {
				what = "truncated (the last line ends without a newline)"
			}
			ds.Warnf(path, field, "%s: %s; line skipped", what, shortJSONErr(err))
			continue
		}
		if r.Kind != "prediction" && (r.Kind != "" || r.V != 1) {
			continue // other record kinds: not points (version 1 records have no kind)
		}
		if r.V != 2 {
			// Version 1 carries no knobs; a newer one is the ledger package's to read.
			ds.Notices = append(ds.Notices, fmt.Sprintf("%s: %s: a version %d record is not read as a planned point (sweeptune scorecard reads it)", path, field, r.V))
			continue
		}
		var k model.Knobs
		if len(r.Knobs) == 0 || k.UnmarshalJSON(r.Knobs) != nil || k.Mode == "" {
			ds.Warnf(path, field+": knobs", "no knobs a point can have; line skipped")
			continue
		}
		p := model.Point{Label: r.Label, Curve: r.Curve, Source: model.SourcePlanned, Knobs: k,
			Prov: model.Provenance{File: path, Image: r.Image}}
		if len(r.At) >= 10 {
			p.Prov.Date = r.At[:10]
		}
		if p.Label == "" {
			p.Label = k.ShortLabel()
		}
		var bad []string
		for name, v := range r.Predicted {
			m, ok := model.ParseMetric(name)
			if !ok || v <= 0 || !p.Metrics.Set(m, v) {
				bad = append(bad, name)
			}
		}
		if len(bad) > 0 {
			ds.Warnf(path, field+": predicted", "not positive metrics: %s; left out", strings.Join(bad, ", "))
		}
		if !p.Metrics.Has(model.TputPerGPU) || k.Concurrency <= 0 || k.GPUs() <= 0 {
			ds.Warnf(path, field, "a prediction without throughput per GPU, concurrency or GPUs; line skipped")
			continue
		}
		ds.Points = append(ds.Points, p)
	}
}
