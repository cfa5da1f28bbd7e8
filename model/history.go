package model

import "slices"

// Published rows carry the date of their run; one configuration is often
// measured again and again. A curve's default view is its latest
// measurement per configuration, "as of" a date: later runs are left out.

// Latest is LatestIndex as a new slice of points.
func Latest(points []Point, asOf string) []Point {
	idx := LatestIndex(points, asOf)
	out := make([]Point, len(idx))
	for k, i := range idx {
		out[k] = points[i]
	}
	return out
}

// KeepLatest is Latest in place: it compacts points (which it owns) to
// the shown measurements and returns the shortened slice.
func KeepLatest(points []Point, asOf string) []Point {
	return KeepIndex(points, LatestIndex(points, asOf))
}

// KeepIndex compacts points to those at idx (ascending, as LatestIndex
// gives them) and returns the shortened slice.
func KeepIndex(points []Point, idx []int) []Point {
	for k, i := range idx {
		if k != i {
			points[k] = points[i]
		}
	}
	return points[:len(idx)]
}

// dateAfter compares YYYY-MM-DD dates (a time after the date is ignored).
func dateAfter(a, b string) bool { return day(a) > day(b) }

func day(d string) string { return DayOf(d) }

// DayOf is the YYYY-MM-DD day of a run date: a time after it is dropped.
func DayOf(date string) string {
	if len(date) > 10 {
		return date[:10]
	}
	return date
}

// Dates lists the distinct run dates of the points (YYYY-MM-DD), ascending.
func Dates(points []Point) []string {
	seen := map[string]bool{}
	var out []string
	for i := range points {
		if d := day(points[i].Prov.Date); d != "" && !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	slices.Sort(out)
	return out
}

// DateCount is a run date and how many points were measured on it.
type DateCount struct {
	Date   string `json:"date"`
	Points int    `json:"points"`
}

// DateCounts lists the points' run dates, ascending, each with its points.
func DateCounts(points []Point) []DateCount {
	count := map[string]int{}
	for i := range points {
		if d := day(points[i].Prov.Date); d != "" {
			count[d]++
		}
	}
	out := make([]DateCount, 0, len(count))
	for _, d := range Dates(points) {
		out = append(out, DateCount{d, count[d]})
	}
	return out
}

// DateShift is how one curve's frontier moved between two dates.
type DateShift struct {
	Curve    CurveKey
	From, To string
	X, Y     Axis
	// Before and After are the frontiers as of From and To, x ascending.
	Before, After []Point
	// Gains are After's frontier points against Before's frontier at the
	// same x (the compare logic; none outside Before's x range).
	Gains []PointGain
	// New are After's frontier points that were not measured as of From;
	// Dropped are Before's frontier points no longer on the frontier.
	New, Dropped []string
	// Reruns maps each New point that re-measures a configuration (same
	// source, shape and concurrency) to the measurement as of From.
	Reruns map[string]string
}

// ShiftBetween compares a curve's views as of two dates (from before to).
// points are one curve's points, any dates.
func ShiftBetween(points []Point, from, to string, x, y Axis) DateShift {
	s := DateShift{From: from, To: to, X: x, Y: y}
	if len(points) > 0 {
		s.Curve = points[0].Curve
	}
	before, after := Latest(points, from), Latest(points, to)
	s.Before = frontierPoints(before, x, y)
	s.After = frontierPoints(after, x, y)
	known := idSet(before)
	onAfter := idSet(s.After)
	config := func(p *Point) string { return string(p.Source) + "\x00" + p.Knobs.BaseID() }
	was := map[string]string{}
	for i := range before {
		if before[i].Knobs.Mode != "" {
			was[config(&before[i])] = before[i].ID
		}
	}
	s.Reruns = map[string]string{}
	for i := range s.After {
		p := &s.After[i]
		if known[p.ID] {
			continue
		}
		s.New = append(s.New, p.ID)
		if id, ok := was[config(p)]; ok && p.Knobs.Mode != "" {
			s.Reruns[p.ID] = id
		}
	}
	for _, p := range s.Before {
		if !onAfter[p.ID] {
			s.Dropped = append(s.Dropped, p.ID)
		}
	}
	for _, g := range Gains(s.After, before, x, y) {
		s.Gains = append(s.Gains, PointGain{ID: s.After[g.Index].ID, Curve: s.After[g.Index].Curve, Gain: g})
	}
	return s
}

// frontierPoints are the frontier's points, x ascending.
func frontierPoints(points []Point, x, y Axis) []Point {
	idx := Frontier(points, x, y)
	out := make([]Point, len(idx))
	for k, i := range idx {
		out[k] = points[i]
	}
	return out
}
