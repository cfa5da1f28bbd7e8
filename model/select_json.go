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
	}{s.Curve, s.X.Name, s.Y.Name, s.Margin, bands, s.Splits, OrEmpty(s.Keep), OrEmpty(s.Add), OrEmpty(s.Remove), s.Review,
		OrEmpty(s.NoisyRemovals), s.CoverageBefore, s.CoverageAfter, s.CoverageHolds, OrEmpty(s.NoAxis), OrEmpty(s.Outside), OrEmpty(s.Older),
		OrEmpty(s.Placed), s.Targeted, s.AsOf})
}

// SelectionSet is what an accepted selection asks of an export: the points
// to add and the configurations to remove, on one curve.
type SelectionSet struct {
	Curve  CurveKey
	Add    []string
	Remove []string
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
	return SelectionSet{Curve: *sel.Curve, Add: sel.Add, Remove: sel.Remove}, nil
}
