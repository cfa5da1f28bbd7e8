package model

import "strconv"

// AssignIDs gives every point of one dataset a stable, readable ID derived
// from its knobs (docs/architecture.md), unique over the dataset:
//   - a configuration on a second curve gets the fields its curve differs in
//     from the first curve that used the ID: agg-tp4-c4@8k1k, agg-tp8-c16@b200;
//   - a configuration of one curve measured by one source on several dates
//     carries the date of each measurement: agg-tp8-c16@2025-12-05 (runs of
//     different sources are told apart by their source, below);
//   - what is still a duplicate gets @<source> appended, and -2, -3 … if
//     that is taken too.
//
// The first point loaded keeps the bare ID, so IDs do not shift when more
// files of other configurations are added after it.
//
// This is the rule, written plainly with string-keyed maps: the code of
// record. The load names a million points with its fast form,
// numbering.AssignIDs (model/numbering), which must give every point the
// same ID (TestAssignIDsMatchesReference).
func AssignIDs(points []Point) {
	type config struct {
		curve  CurveKey
		base   string
		source Source
	}
	type curveBase struct {
		curve CurveKey
		base  string
	}
	base := make([]string, len(points))
	owner := map[string]CurveKey{}   // the curve that used each base ID first
	firstDate := map[config]string{} // a configuration's first run date
	multi := map[config]bool{}       // … measured on more than one date
	datedCfg := map[curveBase]bool{} // some source measured it on several dates
	for i := range points {
		p := &points[i]
		if p.Knobs.Mode == "" {
			base[i] = IDPart(p.Label)
		} else {
			base[i] = p.Knobs.BaseID()
		}
		if _, ok := owner[base[i]]; !ok {
			owner[base[i]] = p.Curve
		}
		d := p.Prov.Date
		if d == "" {
			continue
		}
		c := config{p.Curve, base[i], p.Source}
		if first, ok := firstDate[c]; !ok {
			firstDate[c] = d
		} else if first != d {
			multi[c] = true
			datedCfg[curveBase{p.Curve, base[i]}] = true
		}
	}
	taken := map[string]bool{}
	next := map[string]int{} // next suffix number to try per "<id>@<source>"
	for i := range points {
		p := &points[i]
		id := base[i]
		if o := owner[base[i]]; o != p.Curve {
			id += "@" + curveTag(o, p.Curve)
		}
		dateTagged := p.Prov.Date != "" && multi[config{p.Curve, base[i], p.Source}]
		if dateTagged {
			id += "@" + p.Prov.Date
		}
		// Beside dated runs of another source, a run carries its source: the
		// bare ID never names one measurement among several.
		if taken[id] || (!dateTagged && datedCfg[curveBase{p.Curve, base[i]}]) {
			id += "@" + string(p.Source)
			if taken[id] {
				n := max(next[id], 2)
				for taken[id+"-"+strconv.Itoa(n)] {
					n++
				}
				next[id] = n + 1
				id += "-" + strconv.Itoa(n)
			}
		}
		taken[id] = true
		p.ID = id
	}
}
