package planner

import (
	"iter"
	"sort"
	"strconv"

	"github.com/sweeptune/sweeptune/model"
)

// collapseDrop is how far (relative) throughput must fall below the best of
// lower concurrencies on one configuration to count as a collapse.
const collapseDrop = 0.05

// Collapse is a measured knee past which throughput falls: one
// configuration (all knobs but concurrency) whose throughput at AtC is below
// its best at a lower concurrency PeakC.
type Collapse struct {
	Shape     string  `json:"shape"` // model.Knobs.Shape of the configuration
	PeakC     int     `json:"peak_concurrency"`
	PeakTput  float64 `json:"peak_tput_per_gpu"`
	AtC       int     `json:"concurrency"`
	AtTput    float64 `json:"tput_per_gpu"`
	PeakPoint string  `json:"peak_point"`
	AtPoint   string  `json:"point"`
	key       string
}

// collapseKey identifies a configuration without its concurrency.
func collapseKey(np int, preShape, decShape string, d, bs int) string {
	b := make([]byte, 0, 40)
	b = strconv.AppendInt(b, int64(np), 10)
	b = append(b, '|')
	b = append(b, preShape...)
	b = append(b, '|')
	b = append(b, decShape...)
	b = append(b, '|')
	b = strconv.AppendInt(b, int64(d), 10)
	b = append(b, '|')
	return string(strconv.AppendInt(b, int64(bs), 10))
}

func knobsKey(k model.Knobs) string {
	return collapseKey(k.Prefill.Workers, k.Prefill.Parallelism(), k.Decode.Parallelism(), k.DecodeRanks(), k.DecodeBS)
}

// DetectCollapses finds, per configuration of the measured disaggregated
// points, the first concurrency whose throughput falls more than 5 % below
// the best at a lower concurrency.
func DetectCollapses(points []model.Point) []Collapse {
	return collapsesOf(func(yield func(*model.Point) bool) {
		for i := range points {
			if !yield(&points[i]) {
				return
			}
		}
	})
}

// collapsesOf is DetectCollapses over the points given in turn.
func collapsesOf(points iter.Seq[*model.Point]) []Collapse {
	groups := map[string][]*model.Point{}
	var order []string
	for pt := range points {
		if !collapseCandidate(pt) {
			continue
		}
		k := knobsKey(pt.Knobs)
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], pt)
	}
	var out []Collapse
	for _, k := range order {
		g := groups[k]
		sortByConcurrency(g)
		if c, ok := kneeOf(g, nil, k); ok {
			out = append(out, c)
		}
	}
	return out
}

// collapseCandidate is a point a collapse may be found on: measured,
// disaggregated, at a known concurrency, with throughput per GPU.
func collapseCandidate(pt *model.Point) bool {
	if pt.Knobs.Mode != model.ModeDisagg || pt.Knobs.Concurrency <= 0 || pt.Source == model.SourcePlanned || pt.Source == model.SourceCompetitor {
		return false
	}
	_, ok := pt.Metrics.Get(model.TputPerGPU)
	return ok
}

// sortByConcurrency orders one configuration's points by concurrency,
// ties in their own order.
func sortByConcurrency(g []*model.Point) {
	sort.SliceStable(g, func(i, j int) bool { return g[i].Knobs.Concurrency < g[j].Knobs.Concurrency })
}

// kneeOf is the collapse of one configuration (key k) whose points g are
// sorted by concurrency, without the point skip (nil: every point).
func kneeOf(g []*model.Point, skip *model.Point, k string) (Collapse, bool) {
	var peak *model.Point
	peakY := 0.0
	for _, pt := range g {
		if pt == skip {
			continue
		}
		y, _ := pt.Metrics.Get(model.TputPerGPU)
		if peak != nil && pt.Knobs.Concurrency > peak.Knobs.Concurrency && y < peakY*(1-collapseDrop) {
			return Collapse{Shape: pt.Knobs.Shape(), PeakC: peak.Knobs.Concurrency, PeakTput: peakY,
				AtC: pt.Knobs.Concurrency, AtTput: y, PeakPoint: peak.ID, AtPoint: pt.ID, key: k}, true
		}
		if y > peakY {
			peak, peakY = pt, y
		}
	}
	return Collapse{}, false
}

// collapseFor is the measured collapse of cfg's configuration at or below
// its concurrency, nil when none.
func collapseFor(cs []Collapse, cfg Config, preShape, decShape string) *Collapse {
	if len(cs) == 0 {
		return nil
	}
	k := collapseKey(cfg.PrefillWorkers, preShape, decShape, cfg.DecodeRanks, cfg.DecodeBS)
	for i := range cs {
		if cs[i].key == k && cfg.Concurrency > cs[i].PeakC {
			return &cs[i]
		}
	}
	return nil
}
