package model

import "encoding/json"

// JSON of a selection (select --json): lists are [] when empty.

func (s *Selection) MarshalJSON() ([]byte, error) {
	bands := make([]Band, len(s.Bands))
	for i, b := range s.Bands {
		b.InsideNoise, b.Removed, b.Others, b.Extra = orEmpty(b.InsideNoise), orEmpty(b.Removed), orEmpty(b.Others), orEmpty(b.Extra)
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
	}{s.Curve, s.X.Name, s.Y.Name, s.Margin, bands, s.Splits, orEmpty(s.Keep), orEmpty(s.Add), orEmpty(s.Remove), s.Review,
		orEmpty(s.NoisyRemovals), s.CoverageBefore, s.CoverageAfter, s.CoverageHolds, orEmpty(s.NoAxis), orEmpty(s.Outside), orEmpty(s.Older)})
}
