package session

import (
	"fmt"
	"math"
	"strings"
	"unicode"

	"github.com/sweeptune/sweeptune/model"
)

// Bounds on what a session may restore. A session file is input like any
// other: hand-edited, truncated or from another tool, it must not put
// negative workers or a billion GPUs into the plan.
const (
	maxMarks       = 100_000
	maxPlanned     = 10_000
	maxIDLen       = 256
	maxRoleCount   = 4096       // workers, GPUs per worker, nodes, TP, EP of one role
	maxPointGPUs   = 1 << 20    // all GPUs of one point
	maxConcurrency = 10_000_000 // client concurrency
	maxBatch       = 1 << 24    // BS, MRR, extra slots, explicit ranks
)

// invalid says what is impossible about a restored planned point, or "".
func (p Planned) invalid() string {
	k := p.Knobs
	switch {
	case p.ID == "" || len(p.ID) > maxIDLen:
		return fmt.Sprintf("id of %d bytes", len(p.ID))
	case k.Mode != model.ModeAgg && k.Mode != model.ModeDisagg:
		return fmt.Sprintf("mode %q, want agg or disagg", k.Mode)
	case k.Concurrency < 1 || k.Concurrency > maxConcurrency:
		return fmt.Sprintf("concurrency %d, want 1 to %d", k.Concurrency, maxConcurrency)
	}
	if why := role("prefill", k.Prefill); why != "" {
		return why
	}
	if k.Mode == model.ModeDisagg {
		if why := role("decode", k.Decode); why != "" {
			return why
		}
	}
	for _, c := range []struct {
		name string
		v    int
	}{{"decode BS", k.DecodeBS}, {"max-running-requests", k.MaxRunningRequests},
		{"decode extra slots", k.DecodeExtraSlots}, {"decode ranks", k.DecodeRanksSet}} {
		if c.v < 0 || c.v > maxBatch {
			return fmt.Sprintf("%s %d, want 0 to %d", c.name, c.v, maxBatch)
		}
	}
	if g := int64(k.Prefill.Workers)*int64(k.Prefill.GPUs) + int64(k.Decode.Workers)*int64(k.Decode.GPUs); g > maxPointGPUs {
		return fmt.Sprintf("%d GPUs in one point", g)
	}
	if a := k.AcceptanceLength; math.IsNaN(a) || a < 0 || a > 1000 {
		return fmt.Sprintf("acceptance length %v", a)
	}
	for name, v := range p.Metrics {
		if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
			return fmt.Sprintf("metric %s = %v, want a finite number ≥ 0", name, v)
		}
	}
	return ""
}

// role checks one role's counts: 0 (unknown) to maxRoleCount.
func role(name string, r model.Role) string {
	for _, c := range []struct {
		field string
		v     int
	}{{"workers", r.Workers}, {"GPUs per worker", r.GPUs}, {"nodes", r.Nodes}, {"TP", r.TP}, {"EP", r.EP}} {
		if c.v < 0 || c.v > maxRoleCount {
			return fmt.Sprintf("%s %s %d, want 0 to %d", name, c.field, c.v, maxRoleCount)
		}
	}
	return ""
}

// maxPathLen bounds a restored export target path.
const maxPathLen = 4096

// ExportTargets are the restored export targets, or the zero value and
// why they were dropped (absurd lengths, control characters).
func (f File) ExportTargets() (Targets, string) {
	if f.Export == nil {
		return Targets{}, ""
	}
	t := *f.Export
	fields := []struct{ name, v string }{{"recipe", t.Recipe}, {"master config", t.Master}, {"changelog", t.Changelog},
		{"PR link", t.PRLink}, {"image", t.Image}}
	for _, k := range t.ConfigKeys {
		fields = append(fields, struct{ name, v string }{"config key", k})
	}
	for _, f := range fields {
		switch {
		case len(f.v) > maxPathLen:
			return Targets{}, fmt.Sprintf("export targets dropped: the %s is %d bytes, over %d", f.name, len(f.v), maxPathLen)
		case strings.ContainsFunc(f.v, unicode.IsControl):
			return Targets{}, fmt.Sprintf("export targets dropped: the %s has control characters", f.name)
		}
	}
	if len(t.ConfigKeys) > 100 {
		return Targets{}, fmt.Sprintf("export targets dropped: %d config keys", len(t.ConfigKeys))
	}
	return t, ""
}
