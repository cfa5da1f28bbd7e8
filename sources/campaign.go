package sources

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/sweeptune/sweeptune/internal/lazyre"
	"github.com/sweeptune/sweeptune/model"
)

// Campaign ledgers (docs/formats/campaign-ledger.md): InferenceX's agent-run
// tuning campaigns keep experiment-ledger.jsonl, one JSON object per line
// with a "timestamp" and a "kind". Its result records become local points
// (knobs from the point's name, tp4-2p3d-low-probe-c12, and the record's
// own config where it gives one); its exclusions (point_exclusion,
// topology_exclusion, run_obsoleted) are named and keep the excluded
// results out; every other kind (dispatches, audits, plans) is passed over
// quietly, save what it says of the curve and the run lengths.

func init() {
	register(format{name: "campaign experiment ledger", priority: 9, sniff: sniffCampaign, parse: parseCampaign})
}

// sniffCampaign: the first line is one JSON object with "timestamp" and
// "kind" members.
func sniffCampaign(data []byte) bool {
	var probe struct {
		Timestamp *string `json:"timestamp"`
		Kind      *string `json:"kind"`
	}
	return probeFirstLine(data, &probe, `"kind"`, `"timestamp"`) && probe.Timestamp != nil && probe.Kind != nil
}

// campaignLine is one decoded line.
type campaignLine struct {
	n    int
	kind string
	rec  map[string]any
}

// campaignRun is what dispatches say of one CI run.
type campaignRun struct {
	url       string
	durationS float64
}

// Metric fields of campaign results. tail_interactivity_tok_s is 1/p90
// TPOT, InferenceX's p90 interactivity; stored_p90_intvty (p90 of 1/ITL,
// the fast tail, as the campaigns' metric audits say) is not read as it.
var campaignMetrics = map[string]struct {
	m   model.Metric
	div float64 // the field's unit over the metric's: ms → s is 1000
}{
	"tput_per_gpu":             {model.TputPerGPU, 1},
	"input_tput_per_gpu":       {model.InputTputPerGPU, 1},
	"output_tput_per_gpu":      {model.OutputTputPerGPU, 1},
	"mean_intvty":              {model.MeanIntvty, 1},
	"median_intvty":            {model.MedianIntvty, 1},
	"tail_interactivity_tok_s": {model.P90Intvty, 1},
	"mean_e2el_s":              {model.MeanE2EL, 1},
	"median_e2el_s":            {model.MedianE2EL, 1},
	"p75_e2el_s":               {model.P75E2EL, 1},
	"p90_e2el_s":               {model.P90E2EL, 1},
	"p99_e2el_s":               {model.P99E2EL, 1},
	"mean_ttft_s":              {model.MeanTTFT, 1},
	"median_ttft_s":            {model.MedianTTFT, 1},
	"p90_ttft_s":               {model.P90TTFT, 1},
	"p99_ttft_s":               {model.P99TTFT, 1},
	"mean_tpot_ms":             {model.MeanTPOT, 1000},
	"median_tpot_ms":           {model.MedianTPOT, 1000},
	"p90_tpot_ms":              {model.P90TPOT, 1000},
	"p99_tpot_ms":              {model.P99TPOT, 1000},
}

func parseCampaign(path string, data []byte, ds *Dataset) {
	var lines []campaignLine
	for n, raw := range bytes.Split(data, []byte{'\n'}) {
		raw = bytes.TrimSpace(raw)
		if len(raw) == 0 {
			continue
		}
		var rec map[string]any
		if err := json.Unmarshal(raw, &rec); err != nil {
			ds.Warnf(path, fmt.Sprintf("line %d", n+1), "not a JSON object (%s); line skipped", shortJSONErr(err))
			continue
		}
		kind, _ := rec["kind"].(string)
		lines = append(lines, campaignLine{n: n + 1, kind: kind, rec: rec})
	}
	// First pass: the curve, the runs' lengths, the exclusions.
	curve := model.CurveKey{}
	runs := map[string]campaignRun{}
	exPoints, exTopos, exRuns := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, l := range lines {
		switch l.kind {
		case "gha_dispatch":
			campaignCurve(l.rec, &curve)
			id := campaignID(l.rec["run_id"])
			if id == "" {
				continue
			}
			r := runs[id]
			if u, ok := l.rec["url"].(string); ok {
				r.url = u
			}
			for _, k := range []string{"duration_override_seconds", "duration_seconds"} {
				if d, ok := positiveNum(l.rec[k]); ok {
					r.durationS = d
					break
				}
			}
			runs[id] = r
		case "point_exclusion":
			p, _ := l.rec["point"].(string)
			if p != "" {
				exPoints[p] = true
			}
			ds.Notices = append(ds.Notices, fmt.Sprintf("%s: line %d: the campaign excluded %s: %s", path, l.n, model.OrDash(p), campaignWhy(l.rec)))
		case "topology_exclusion":
			t, _ := l.rec["topology"].(string)
			if t != "" {
				exTopos[strings.ToLower(t)] = true
			}
			ds.Notices = append(ds.Notices, fmt.Sprintf("%s: line %d: the campaign excluded topology %s: %s", path, l.n, model.OrDash(t), campaignWhy(l.rec)))
		case "run_obsoleted":
			id := campaignID(l.rec["run_id"])
			if id != "" {
				exRuns[id] = true
			}
			ds.Notices = append(ds.Notices, fmt.Sprintf("%s: line %d: the campaign obsoleted run %s: %s", path, l.n, model.OrDash(id), campaignWhy(l.rec)))
		}
	}
	// Second pass: the results.
	var unread []string
	for _, l := range lines {
		if !campaignResultKind(l.kind) {
			continue
		}
		var items []map[string]any
		if arr, ok := l.rec["results"].([]any); ok {
			for _, it := range arr {
				if m, ok := it.(map[string]any); ok {
					items = append(items, m)
				}
			}
		} else {
			items = []map[string]any{l.rec}
		}
		runID := campaignID(l.rec["run_id"])
		for i, it := range items {
			where := fmt.Sprintf("line %d", l.n)
			if len(items) > 1 || l.rec["results"] != nil {
				where = fmt.Sprintf("line %d: results[%d]", l.n, i)
			}
			p, name, why := campaignPoint(l.rec, it, curve)
			if why != "" {
				unread = append(unread, fmt.Sprintf("%s (%s): %s", where, l.kind, why))
				continue
			}
			switch {
			case exPoints[name]:
				ds.Notices = append(ds.Notices, fmt.Sprintf("%s: %s: %s left out: the campaign excluded it", path, where, name))
				continue
			case exRuns[runID]:
				ds.Notices = append(ds.Notices, fmt.Sprintf("%s: %s: %s left out: its run %s was obsoleted", path, where, name, runID))
				continue
			case exTopos[strings.ToLower(campaignTopology(l.rec, it, name))]:
				ds.Notices = append(ds.Notices, fmt.Sprintf("%s: %s: %s left out: the campaign excluded its topology", path, where, name))
				continue
			}
			p.Prov.File = path
			if ts, ok := l.rec["timestamp"].(string); ok && len(ts) >= 10 {
				p.Prov.Date = ts[:10]
			}
			run := runs[runID]
			p.Prov.RunURL = run.url
			if p.Prov.RunURL == "" && runID != "" {
				p.Prov.RunURL = "https://github.com/SemiAnalysisAI/InferenceX/actions/runs/" + runID
			}
			if p.Prov.DurationS == 0 {
				p.Prov.DurationS = run.durationS
			}
			ds.Points = append(ds.Points, p)
		}
	}
	if len(unread) > 0 {
		sort.Strings(unread)
		more := ""
		if len(unread) > 3 {
			more = fmt.Sprintf(" and %d more", len(unread)-3)
			unread = unread[:3]
		}
		ds.Notices = append(ds.Notices, fmt.Sprintf("%s: result records without a configuration to plot, not read: %s%s", path, strings.Join(unread, "; "), more))
	}
}

// campaignResultKind: "result" and every kind ending in _result(s).
func campaignResultKind(k string) bool {
	return k == "result" || k == "results" || strings.HasSuffix(k, "_result") || strings.HasSuffix(k, "_results")
}

var (
	campaignPD   = lazyre.New(`^(\d{1,3})p(\d{1,3})d$`)
	campaignPar  = lazyre.New(`^(dep|tep|tp)(\d{1,3})(?:ep(\d{1,3}))?$`)
	campaignConc = lazyre.New(`^c(\d{1,7})$`)
	campaignTopo = lazyre.New(`(?i)^\s*(?:(\d{1,3})P\s*/?\s*(\d{1,3})D\s+)?(DEP|TEP|TP)(\d{1,3})(?:\s+EP(\d{1,3}))?(?:\s+(\d{1,3})P\s*/?\s*(\d{1,3})D)?\s*$`)
)

// campaignPoint reads one result: its name (point or config), knobs from
// the name, then the record's config and topology where they say more, the
// metrics from metrics/observed or the item itself. why says what is
// missing when no point can be made.
func campaignPoint(rec, item map[string]any, curve model.CurveKey) (model.Point, string, string) {
	name := firstString(item, "point", "config", "name")
	if name == "" {
		name = firstString(rec, "point", "config", "name")
	}
	var par string
	var tp, ep, np, nd, conc, mrr int
	dp := false
	for _, tok := range strings.Split(strings.ToLower(name), "-") {
		if m := campaignPD.FindStringSubmatch(tok); m != nil {
			np, nd = atoiOr(m[1]), atoiOr(m[2])
		} else if m := campaignPar.FindStringSubmatch(tok); m != nil && par == "" {
			par, tp = m[1], atoiOr(m[2])
			ep = atoiOr(m[3])
		} else if m := campaignConc.FindStringSubmatch(tok); m != nil {
			conc = atoiOr(m[1])
		}
	}
	if t := campaignTopology(rec, item, ""); t != "" {
		if m := campaignTopo.FindStringSubmatch(t); m != nil {
			if m[1] != "" {
				np, nd = atoiOr(m[1]), atoiOr(m[2])
			} else if m[6] != "" {
				np, nd = atoiOr(m[6]), atoiOr(m[7])
			}
			par, tp, ep = strings.ToLower(m[3]), atoiOr(m[4]), atoiOr(m[5])
		}
	}
	cfg, _ := item["config"].(map[string]any)
	if cfg == nil {
		cfg, _ = rec["config"].(map[string]any)
	}
	if cfg != nil {
		if v, ok := positiveInt(cfg["prefill_workers"]); ok {
			np = v
		}
		if v, ok := positiveInt(cfg["decode_workers"]); ok {
			nd = v
		}
		if v, ok := positiveInt(cfg["tp"]); ok {
			tp = v
			if par == "" {
				par = "tp"
			}
		}
		if v, ok := positiveInt(cfg["ep"]); ok {
			ep = v
		}
		mrr, _ = positiveInt(cfg["max_num_seqs"])
	}
	for _, src := range []map[string]any{item, rec} {
		if v, ok := positiveInt(src["concurrency"]); ok && conc == 0 {
			conc = v
		}
	}
	switch par {
	case "dep":
		dp = true
		if ep == 0 {
			ep = tp
		}
	case "tep":
		if ep == 0 {
			ep = tp
		}
	}
	var miss []string
	if name == "" && campaignTopology(rec, item, "") == "" {
		miss = append(miss, "no point name or topology")
	} else {
		if tp <= 0 {
			miss = append(miss, "no worker parallelism (tp4, tep4, dep4)")
		}
		if np <= 0 || nd <= 0 {
			miss = append(miss, "no prefill/decode split (1p2d)")
		}
	}
	if conc <= 0 {
		miss = append(miss, "no concurrency")
	}
	var ms model.Metrics
	var dur float64
	for _, src := range []map[string]any{item, asMap(rec["metrics"]), asMap(rec["observed"])} {
		for k, v := range src {
			if info, ok := campaignMetrics[k]; ok && !ms.Has(info.m) {
				if x, ok := positiveNum(v); ok {
					ms.Set(info.m, x/info.div)
				}
			}
		}
	}
	if !ms.Has(model.P90Intvty) && ms.Has(model.P90TPOT) {
		t, _ := ms.Get(model.P90TPOT)
		ms.Set(model.P90Intvty, 1/t)
	}
	if d, ok := positiveNum(rec["duration_seconds"]); ok {
		dur = d
	} else if d, ok := positiveNum(asMap(rec["profile"])["duration_seconds"]); ok {
		dur = d
	}
	if !ms.Has(model.TputPerGPU) {
		miss = append(miss, "no tput_per_gpu")
	}
	if len(miss) > 0 {
		label := name
		if label == "" {
			label = "unnamed"
		}
		return model.Point{}, name, label + ": " + strings.Join(miss, ", ")
	}
	role := func(workers int) model.Role {
		return model.Role{Workers: workers, GPUs: tp, TP: tp, EP: max(ep, 1), DPAttn: dp}
	}
	k := model.Knobs{Mode: model.ModeDisagg, Prefill: role(np), Decode: role(nd), Concurrency: conc, MaxRunningRequests: mrr}
	if name == "" {
		name = k.BaseID()
	}
	p := model.Point{Label: name, Curve: curve, Source: model.SourceLocal, Knobs: k, Metrics: ms,
		Prov: model.Provenance{DurationS: dur}}
	return p, name, ""
}

// campaignTopology is the topology a record or its item states ("TP4",
// "1P1D TP4", "2P3D TP4 EP1"), or the name's parallelism token.
func campaignTopology(rec, item map[string]any, name string) string {
	if t := firstString(item, "topology"); t != "" {
		return t
	}
	if t := firstString(rec, "topology"); t != "" {
		return t
	}
	for _, tok := range strings.Split(strings.ToLower(name), "-") {
		if campaignPar.MatchString(tok) {
			return tok
		}
	}
	return ""
}

// campaignCurve fills the curve from a dispatch's filters or its
// generate_cli_command (--model-prefix, --framework, --runner-type).
func campaignCurve(rec map[string]any, k *model.CurveKey) {
	set := func(dst *string, v string) {
		if *dst == "" && v != "" {
			*dst = v
		}
	}
	hw := func(runner string) string {
		if i := strings.IndexByte(runner, '-'); i > 0 {
			return runner[:i]
		}
		return runner
	}
	if f := asMap(rec["filters"]); f != nil {
		if s, _ := f["model_prefix"].(string); s != "" {
			set(&k.Model, model.ModelKey(s))
		}
		s, _ := f["framework"].(string)
		set(&k.Framework, s)
		s, _ = f["runner_type"].(string)
		set(&k.Hardware, hw(s))
		s, _ = f["scenario_type"].(string)
		set(&k.Scenario, s)
		s, _ = f["precision"].(string)
		set(&k.Precision, s)
	}
	if cmd, _ := rec["generate_cli_command"].(string); cmd != "" {
		f := strings.Fields(cmd)
		for i := 0; i+1 < len(f); i++ {
			switch f[i] {
			case "--model-prefix":
				set(&k.Model, model.ModelKey(f[i+1]))
			case "--framework":
				set(&k.Framework, f[i+1])
			case "--runner-type":
				set(&k.Hardware, hw(f[i+1]))
			case "--scenario-type":
				set(&k.Scenario, f[i+1])
			case "--precision":
				set(&k.Precision, f[i+1])
			}
		}
	}
}

// campaignWhy is an exclusion's cause, reason or decision, shortened.
func campaignWhy(rec map[string]any) string {
	s := firstString(rec, "cause", "reason", "decision")
	if s == "" {
		return "no reason given"
	}
	if r := []rune(s); len(r) > 160 {
		s = string(r[:160]) + "…"
	}
	return s
}

func campaignID(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case float64:
		if x > 0 && x == math.Trunc(x) && x < 1e18 {
			return strconv.FormatFloat(x, 'f', 0, 64)
		}
	}
	return ""
}

func asMap(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

func firstString(m map[string]any, keys ...string) string {
	for _, k := range keys {
		if s, ok := m[k].(string); ok && s != "" {
			return s
		}
	}
	return ""
}

func positiveNum(v any) (float64, bool) {
	x, ok := v.(float64)
	if !ok || x <= 0 || math.IsInf(x, 0) || math.IsNaN(x) {
		return 0, false
	}
	return x, true
}

func positiveInt(v any) (int, bool) {
	x, ok := positiveNum(v)
	if !ok || x != math.Trunc(x) || x > 1e7 {
		return 0, false
	}
	return int(x), true
}

func atoiOr(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

func shortJSONErr(err error) string {
	s := err.Error()
	if len(s) > 100 {
		s = s[:100] + "…"
	}
	return s
}
