package sources

import (
	"bytes"
	"fmt"
	"math"

	"github.com/sweeptune/sweeptune/model"
	"go.yaml.in/yaml/v3"
)

// Points table: sweeptune's own YAML format for hand-entered points
// (docs/formats/points-table.md). The embedded demo uses it.

type tableFile struct {
	Curve  model.CurveKey `yaml:"curve"`
	Source string         `yaml:"source"`
	Image  string         `yaml:"image"`
	Date   string         `yaml:"date"`
	RunURL string         `yaml:"run-url"`
	Spec   string         `yaml:"spec-decoding"`
	AL     float64        `yaml:"acceptance-length"`
	Points []yaml.Node    `yaml:"points"`
}

type tableRole struct {
	Workers int    `yaml:"workers"`
	GPUs    *int   `yaml:"gpus"` // nil: not given (from TP)
	Nodes   int    `yaml:"nodes"`
	TP      int    `yaml:"tp"`
	EP      int    `yaml:"ep"`
	DPAttn  bool   `yaml:"dp-attn"`
	BS      int    `yaml:"cuda-graph-max-bs"`
	MRR     int    `yaml:"max-running-requests"`
	Extra   int    `yaml:"extra-slots"`
	Balance string `yaml:"load-balance"`
	Ranks   int    `yaml:"ranks"`
}

type tablePoint struct {
	Label       string             `yaml:"label"`
	Mode        string             `yaml:"mode"`
	Prefill     *tableRole         `yaml:"prefill"`
	Decode      *tableRole         `yaml:"decode"`
	Agg         *tableRole         `yaml:"agg"`
	Concurrency int                `yaml:"concurrency"`
	GPUs        *int               `yaml:"gpus"` // nil: not given
	DurationS   float64            `yaml:"duration-s"`
	Date        string             `yaml:"date"`
	RunURL      string             `yaml:"run-url"`
	Image       string             `yaml:"image"`
	Spec        string             `yaml:"spec-decoding"`
	AL          float64            `yaml:"acceptance-length"`
	Metrics     map[string]float64 `yaml:"metrics"`
}

func init() {
	register(format{name: "points table", priority: 50, sniff: sniffPointsTable, parse: parsePointsTable})
}

func sniffPointsTable(data []byte) bool {
	h := head(data, 1)
	if len(h) > 0 && (h[0] == '{' || h[0] == '[') {
		return false
	}
	// A line that starts "points:" (no pattern to compile: every run
	// sniffs the embedded demo).
	return (bytes.HasPrefix(data, []byte("points:")) || bytes.Contains(data, []byte("\npoints:"))) &&
		(bytes.Contains(data, []byte("curve:")) || bytes.Contains(data, []byte("source:")))
}

func parsePointsTable(path string, data []byte, ds *Dataset) {
	var tf tableFile
	root, dups, err := loadYAML(data, yamlTyped)
	ds.Warnings = append(ds.Warnings, dupWarnings(path, dups)...)
	if err == nil && root != nil {
		err = root.Decode(&tf)
	}
	if err != nil {
		ds.Warnf(path, "", "not a valid points table: %v", yamlErr(err))
		return
	}
	warnUnknownTableKeys(path, root, ds)
	src := model.SourceLocal
	if tf.Source != "" {
		s, ok := model.ParseSource(tf.Source)
		if !ok {
			ds.Warnf(path, "source", "unknown source %q (want published, local, planned or competitor)", tf.Source)
			return
		}
		src = s
	}
	if tf.Curve.Model == "" {
		ds.Warnf(path, "curve.model", "missing")
	}
	for i := range tf.Points {
		node := &tf.Points[i]
		field := fmt.Sprintf("points[%d] (line %d)", i, node.Line)
		var tp tablePoint
		if err := node.Decode(&tp); err != nil {
			if f, msg, ok := typeErrField(node, err, fmt.Sprintf("points[%d]", i)); ok {
				ds.Warnf(path, f, "%s; point skipped", msg)
			} else {
				ds.Warnf(path, field, "%v", yamlErr(err))
			}
			continue
		}
		p, err := tp.point(tf, src)
		if err != nil {
			ds.Warnf(path, field, "%v", err)
			continue
		}
		p.Prov.File = path
		ds.Points = append(ds.Points, p)
	}
}

func (tp *tablePoint) point(tf tableFile, src model.Source) (model.Point, error) {
	p := model.Point{Label: tp.Label, Curve: tf.Curve, Source: src}
	if tp.GPUs != nil {
		if err := gpuCount("gpus", *tp.GPUs); err != nil {
			return p, err
		}
		p.GPUCount = *tp.GPUs
	}
	k := &p.Knobs
	noKnobs := tp.Mode == "" && tp.Prefill == nil && tp.Decode == nil && tp.Agg == nil
	if noKnobs && tp.Label == "" {
		return p, fmt.Errorf("label: a point without knobs needs a label to be named by")
	}
	if !noKnobs && tp.Concurrency <= 0 {
		return p, fmt.Errorf("concurrency: must be a positive integer (got %d)", tp.Concurrency)
	}
	k.Concurrency = tp.Concurrency
	k.SpecDecoding = firstNonEmpty(tp.Spec, tf.Spec)
	k.AcceptanceLength = firstNonZero(tp.AL, tf.AL)
	switch {
	case noKnobs:
		// Only the numbers are known (a competitor's frontier, say).
	case tp.Mode == "agg":
		k.Mode = model.ModeAgg
		r := tp.Agg
		if r == nil {
			r = tp.Prefill
		}
		if r == nil {
			return p, fmt.Errorf("agg: missing (an agg point needs its worker)")
		}
		if err := r.check("agg"); err != nil {
			return p, err
		}
		k.Prefill = r.role()
		k.DecodeBS, k.MaxRunningRequests, k.Balance = r.BS, r.MRR, r.Balance
	case tp.Mode == "disagg" || tp.Mode == "":
		k.Mode = model.ModeDisagg
		if tp.Prefill == nil || tp.Decode == nil {
			return p, fmt.Errorf("prefill/decode: a disagg point needs both roles")
		}
		if err := tp.Prefill.check("prefill"); err != nil {
			return p, err
		}
		if err := tp.Decode.check("decode"); err != nil {
			return p, err
		}
		k.Prefill, k.Decode = tp.Prefill.role(), tp.Decode.role()
		d := tp.Decode
		k.DecodeBS, k.MaxRunningRequests, k.DecodeExtraSlots, k.Balance, k.DecodeRanksSet = d.BS, d.MRR, d.Extra, d.Balance, d.Ranks
	default:
		return p, fmt.Errorf("mode: %q is neither agg nor disagg", tp.Mode)
	}
	for name, v := range tp.Metrics {
		m, ok := model.ParseMetric(name)
		if !ok {
			return p, fmt.Errorf("metrics.%s: unknown metric", name)
		}
		if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
			return p, fmt.Errorf("metrics.%s: %v is not a usable value", name, v)
		}
		p.Metrics.Set(m, v)
	}
	p.Prov = model.Provenance{RunURL: firstNonEmpty(tp.RunURL, tf.RunURL), Date: firstNonEmpty(tp.Date, tf.Date),
		DurationS: tp.DurationS, Image: firstNonEmpty(tp.Image, tf.Image)}
	if tp.DurationS < 0 || math.IsNaN(tp.DurationS) {
		return p, fmt.Errorf("duration-s: %v is not a duration", tp.DurationS)
	}
	return p, nil
}

func (r *tableRole) check(role string) error {
	for _, f := range []struct {
		name string
		v    int
	}{{"workers", r.Workers}, {"nodes", r.Nodes}, {"tp", r.TP}, {"ep", r.EP},
		{"cuda-graph-max-bs", r.BS}, {"max-running-requests", r.MRR}, {"extra-slots", r.Extra}, {"ranks", r.Ranks}} {
		if f.v < 0 {
			return fmt.Errorf("%s.%s: negative (%d)", role, f.name, f.v)
		}
	}
	if r.GPUs != nil {
		if err := gpuCount(role+".gpus", *r.GPUs); err != nil {
			return err
		}
	}
	if r.Workers == 0 {
		return fmt.Errorf("%s.workers: missing", role)
	}
	return nil
}

// gpuCount refuses a GPU count given as 0 or below (YAML reads -0 as 0).
func gpuCount(field string, n int) error {
	switch {
	case n < 0:
		return fmt.Errorf("%s: negative (%d)", field, n)
	case n == 0:
		return fmt.Errorf("%s: want at least 1 GPU, got 0", field)
	}
	return nil
}

func (r *tableRole) role() model.Role {
	tp := r.TP
	if tp == 0 && r.GPUs != nil {
		tp = *r.GPUs
	}
	gpus := tp
	if r.GPUs != nil {
		gpus = *r.GPUs
	}
	return model.Role{Workers: r.Workers, GPUs: gpus, Nodes: r.Nodes, TP: tp, EP: r.EP, DPAttn: r.DPAttn}
}

func firstNonEmpty(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}

func firstNonZero(v ...float64) float64 {
	for _, x := range v {
		if x != 0 {
			return x
		}
	}
	return 0
}
