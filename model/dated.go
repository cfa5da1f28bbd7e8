package model

// Every measurement (--all-dates): each run of a configuration on or
// before the as-of date, every run when there is none.

// OnOrBefore reports whether a run dated date is shown as of asOf (""
// for no limit, else YYYY-MM-DD): an undated run cannot be placed in time
// and is always shown; a date is compared by its first ten bytes.
func OnOrBefore(date, asOf string) bool {
	return asOf == "" || date == "" || date[:min(len(date), 10)] <= asOf
}

// DatedIndex returns the indices (ascending) of the points shown as of
// asOf with every measurement: OnOrBefore their date.
func DatedIndex(points []Point, asOf string) []int {
	idx := make([]int, 0, countDated(points, asOf))
	for i := range points {
		if OnOrBefore(points[i].Prov.Date, asOf) {
			idx = append(idx, i)
		}
	}
	return idx
}

// Dated is DatedIndex as a new slice of points, sized once.
func Dated(points []Point, asOf string) []Point {
	out := make([]Point, 0, countDated(points, asOf))
	for i := range points {
		if OnOrBefore(points[i].Prov.Date, asOf) {
			out = append(out, points[i])
		}
	}
	return out
}

func countDated(points []Point, asOf string) int {
	if asOf == "" {
		return len(points)
	}
	n := 0
	for i := range points {
		if OnOrBefore(points[i].Prov.Date, asOf) {
			n++
		}
	}
	return n
}
