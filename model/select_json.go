package model

import (
	"encoding/json"
	"errors"
	"fmt"
)

// JSON of a selection (select --json): lists are [] when empty.

func (s *Selection) MarshalJSON() ([]byte, error) {
	bands := make([]Band, len(s.Bands))
	for i, b := range s.Bands {
		b.InsideNoise, b.Removed, b.Others, b.Extra = OrEmpty(b.InsideNoise), OrEmpty(b.Removed), OrEmpty(b.Others), OrEmpty(b.Extra)
		bands[i] = b
	}
	return json.Marshal(struct {
		Curve          CurveKey       `json:"curve"`
		Axis           string         `json:"axis"`
		YAxis          string         `json:"y_axis"`
		Margin         Margin         `json:"margin"`
		Bands          []Band         `json:"bands"`
		Splits         int            `json:"splits"`
		Merges         int            `json:"merges"`
		Keep           []string       `json:"keep"`
		Add            []string       `json:"add"`
		Remove         []string       `json:"remove"`
		Review         CurveReview    `json:"review"`
		NoisyRemovals  []string       `json:"removals_inside_noise"`
		CoverageBefore CoverageResult `json:"coverage_before"`
		CoverageAfter  CoverageResult `json:"coverage_after"`
		CoverageHolds  bool           `json:"coverage_holds"`
		NoAxis         []string       `json:"no_axis"`
		Outside        []string       `json:"outside"`
		Older          []string       `json:"older"`
		Placed         []string       `json:"placed_by_mean_interactivity"`
		Targeted       bool           `json:"targeted"`
		AsOf           string         `json:"as_of,omitempty"`
		BandAxis       []string       `json:"judged_on_band_axis"`
	}{s.Curve, s.X.Name, s.Y.Name, s.Margin, bands, s.Splits, s.Merges, OrEmpty(s.Keep), OrEmpty(s.Add), OrEmpty(s.Remove), s.Review,
		OrEmpty(s.NoisyRemovals), s.CoverageBefore, s.CoverageAfter, s.CoverageHolds, OrEmpty(s.NoAxis), OrEmpty(s.Outside), OrEmpty(s.Older),
		OrEmpty(s.Placed), s.Targeted, s.AsOf, OrEmpty(s.BandAxisVerdicts)})
}

// SelectionSet is what an accepted selection asks of an export: the points
// to add and the configurations to remove, on one curve, with why: each
// band's choice against the target and the point it replaces, the
// candidates that won only inside the margin, and the margin.
type SelectionSet struct {
	Curve  CurveKey  `json:"curve"`
	Add    []string  `json:"add"`
	Remove []string  `json:"remove"`
	Axis   string    `json:"axis"` // the band axis
	Margin Margin    `json:"margin"`
	Bands  []SetBand `json:"bands"`
}

// SetBand is one band's choice as an export carries it.
type SetBand struct {
	Chosen      string      `json:"chosen"`
	Choice      Choice      `json:"choice"`
	Target      string      `json:"target,omitempty"`
	Replaces    string      `json:"replaces,omitempty"`
	ByMean      bool        `json:"by_mean_interactivity,omitempty"`
	X           float64     `json:"x"`
	GainX       float64     `json:"gain_x_pct"`
	GainY       float64     `json:"gain_y_pct"`
	InsideNoise []Contender `json:"inside_noise,omitempty"`
	// Dropped are the kept points a merge removed (Band.Dropped).
	Dropped []DroppedPoint `json:"dropped,omitempty"`
}

// Set is the selection as an export carries it.
func (s *Selection) Set() SelectionSet {
	set := SelectionSet{Curve: s.Curve, Add: s.Add, Remove: s.Remove, Axis: s.X.Name, Margin: s.Margin}
	for _, b := range s.Bands {
		if b.Chosen == "" {
			continue
		}
		sb := SetBand{Chosen: b.Chosen, Choice: b.Choice, Target: b.Target, Replaces: b.Replaces,
			ByMean: b.ByMean, X: b.X, GainX: b.GainX, GainY: b.GainY, InsideNoise: b.InsideNoise, Dropped: b.Dropped}
		if sb.Replaces == "" && len(b.Removed) > 0 {
			sb.Replaces = b.Removed[0] // a kept choice takes the place of its band's other published point
		}
		set.Bands = append(set.Bands, sb)
	}
	return set
}

// Band is the band whose choice is id, if any.
func (s SelectionSet) Band(id string) (SetBand, bool) {
	for _, b := range s.Bands {
		if b.Chosen == id {
			return b, true
		}
	}
	return SetBand{}, false
}

// ReplacedBy is the chosen point that replaces id, "" for none.
func (s SelectionSet) ReplacedBy(id string) string {
	for _, b := range s.Bands {
		if b.Replaces == id {
			return b.Chosen
		}
	}
	return ""
}

// ParseSelectionSet reads the add/remove set from select --json output (the
// document's "selection" object, or a bare selection object). IDs must be
// non-empty strings; an ID both added and removed is refused.
func ParseSelectionSet(data []byte) (SelectionSet, error) {
	var doc struct {
		Selection *json.RawMessage `json:"selection"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return SelectionSet{}, fmt.Errorf("not a select --json document: %v", err)
	}
	raw := data
	if doc.Selection != nil {
		raw = *doc.Selection
	}
	var sel struct {
		Curve  *CurveKey `json:"curve"`
		Add    []string  `json:"add"`
		Remove []string  `json:"remove"`
		Axis   string    `json:"axis"`
		Margin Margin    `json:"margin"`
		Bands  []SetBand `json:"bands"`
	}
	if err := json.Unmarshal(raw, &sel); err != nil {
		return SelectionSet{}, fmt.Errorf("selection: %v", err)
	}
	if sel.Curve == nil || (sel.Add == nil && sel.Remove == nil) {
		return SelectionSet{}, errors.New("selection: no curve, add or remove: not the output of select --json")
	}
	added := map[string]bool{}
	for _, id := range sel.Add {
		if id == "" {
			return SelectionSet{}, errors.New("selection.add: an empty ID")
		}
		added[id] = true
	}
	for _, id := range sel.Remove {
		if id == "" {
			return SelectionSet{}, errors.New("selection.remove: an empty ID")
		}
		if added[id] {
			return SelectionSet{}, fmt.Errorf("selection: %s is both added and removed", id)
		}
	}
	var bands []SetBand
	for _, b := range sel.Bands {
		if b.Chosen != "" {
			bands = append(bands, b)
		}
	}
	return SelectionSet{Curve: *sel.Curve, Add: sel.Add, Remove: sel.Remove, Axis: sel.Axis, Margin: sel.Margin, Bands: bands}, nil
}
