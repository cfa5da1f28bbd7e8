package numbering

import (
	"math/bits"
	"slices"

	"github.com/sweeptune/sweeptune/internal/mem"
	"github.com/sweeptune/sweeptune/internal/radix"
	"github.com/sweeptune/sweeptune/model"
)

// Numbers are every point's curve, configuration and run day as the
// load numbered them (from the naming's facts, NumbersFrom): the
// workbench then groups the points by curve and numbers each curve's
// configurations (ConfigsOf) from integers, where NumberConfigs reads
// every point's knobs, source and date again and hashes them (at a
// million points over 12 curves, 0.9 s of CPU before the first table).
// They hold while the points are the ones numbered, where they were.
type Numbers struct {
	curves *model.CurveNumbering
	cfg    []int32 // per point: its configuration (curve, source, base ID), -1 undated or without knobs
	nCfg   int
	day    []int32 // per point: its run day's place in days, -1 undated
	days   []string
	// competitor is per curve number whether a competitor's point is on it.
	competitor []bool
}

// NumbersFrom numbers the points' configurations and days from the
// naming's facts (it waits for them) and the curves the naming read; nil
// when the naming left none.
func NumbersFrom(facts *NamingFacts, curves *model.CurveNumbering) *Numbers {
	<-facts.ready
	curveOf := curves.Of()
	n := len(curveOf)
	if facts.base == nil || len(facts.base) != n {
		return nil
	}
	// Per date: its day's place among the distinct days, ascending.
	dayOfDate := make([]int32, len(facts.dates))
	var days []string
	for num, d := range facts.dates {
		dayOfDate[num] = -1
		if d := model.DayOf(d); num > 0 && d != "" {
			days = append(days, d)
		}
	}
	slices.Sort(days)
	days = slices.Compact(days)
	for num, d := range facts.dates {
		if d := model.DayOf(d); num > 0 && d != "" {
			r, _ := slices.BinarySearch(days, d)
			dayOfDate[num] = int32(r)
		}
	}
	// Arrays of a million points each, taken with their pages present
	// (mem.Take): made, their pages faulted one by one were half of this
	// pass's CPU.
	nb := &Numbers{curves: curves, cfg: mem.Take[int32](n), day: mem.Take[int32](n), days: days,
		competitor: make([]bool, len(curves.Keys()))}
	competitor := make([]bool, len(facts.srcTexts))
	for s, src := range facts.srcTexts {
		competitor[s] = src == model.SourceCompetitor
	}
	keys := mem.Take[uint64](n)[:0]
	bb := uint(bits.Len(uint(facts.bases)))
	sb := uint(bits.Len(uint(facts.sources)))
	for k := range n {
		d := facts.date[k]
		nb.day[k] = dayOfDate[d]
		if competitor[facts.src[k]] {
			nb.competitor[curveOf[k]] = true
		}
		nb.cfg[k] = -1
		if d != 0 && facts.knobs[k] {
			keys = append(keys, uint64(curveOf[k])<<(bb+sb)|uint64(facts.src[k])<<bb|uint64(facts.base[k]))
			nb.cfg[k] = 0
		}
	}
	ids, nCfg := radix.GroupIDs(keys)
	mem.Give(keys)
	j := 0
	for k := range nb.cfg {
		if nb.cfg[k] == 0 {
			nb.cfg[k] = ids[j]
			j++
		}
	}
	mem.Give(ids)
	nb.nCfg = nCfg
	return nb
}

// Curves is the points' curves as the load numbered them.
func (nb *Numbers) Curves() *model.CurveNumbering { return nb.curves }

// Len is how many points are numbered.
func (nb *Numbers) Len() int { return len(nb.cfg) }

// Competitor is whether a competitor's point lies on curve number c.
func (nb *Numbers) Competitor(c int32) bool { return nb.competitor[c] }

// ConfigsOf is NumberConfigs(points, idx) of each idx in sets, for the
// points numbered: the same configurations (numbered in another order,
// which no reader of Configs sees), the same days and day ranks.
func (nb *Numbers) ConfigsOf(sets [][]int) []Configs {
	out := make([]Configs, len(sets))
	local := make([]int32, nb.nCfg) // per configuration: its number in the set, -1 not met yet
	for c := range local {
		local[c] = -1
	}
	rank := make([]int32, len(nb.days)) // per day: its rank in the set, -1 not met yet
	for d := range rank {
		rank[d] = -1
	}
	var met, metDays []int32
	total := 0
	for _, idx := range sets {
		total += len(idx)
	}
	// Every set's numbers in two arrays, their pages present (mem.Fresh).
	ofAll, dayAll := mem.Fresh[int32](total), mem.Fresh[int32](total)
	for s, idx := range sets {
		of, day := ofAll[:len(idx):len(idx)], dayAll[:len(idx):len(idx)]
		ofAll, dayAll = ofAll[len(idx):], dayAll[len(idx):]
		met, metDays = met[:0], metDays[:0]
		for k, i := range idx {
			of[k] = -1
			if c := nb.cfg[i]; c >= 0 {
				if local[c] < 0 {
					local[c] = int32(len(met))
					met = append(met, c)
				}
				of[k] = local[c]
			}
			d := nb.day[i]
			if d >= 0 && rank[d] < 0 {
				rank[d] = 0
				metDays = append(metDays, d)
			}
			day[k] = d
		}
		slices.Sort(metDays) // the days' places are in date order
		days := make([]string, len(metDays))
		for r, d := range metDays {
			rank[d], days[r] = int32(r), nb.days[d]
		}
		for k, d := range day {
			if d >= 0 {
				day[k] = rank[d]
			}
		}
		out[s] = Configs{of: of, n: len(met), day: day, days: days}
		for _, c := range met {
			local[c] = -1
		}
		for _, d := range metDays {
			rank[d] = -1
		}
	}
	return out
}
