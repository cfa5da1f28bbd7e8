package sources

import (
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/reading"
)

// Text a checkout's files carry ends up in the files sweeptune writes (YAML
// comments and values, the pull request's body). Two guards, stated in
// docs/export.md ("Hostile input"): a row whose curve key holds a control,
// line-separator, bidi or zero-width character, or whose date is not a
// real YYYY-MM-DD, is skipped at load with a warning naming the file and
// field; and every writer escapes such characters anyway.

// ValidDate reports whether s is a real calendar date written YYYY-MM-DD
// (year 0001 to 9999).
func ValidDate(s string) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	num := func(a, b int) int {
		n := 0
		for i := a; i < b; i++ {
			if s[i] < '0' || s[i] > '9' {
				return -1
			}
			n = n*10 + int(s[i]-'0')
		}
		return n
	}
	y, m, d := num(0, 4), num(5, 7), num(8, 10)
	if y < 1 || m < 1 || m > 12 || d < 1 {
		return false
	}
	days := [13]int{0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[m]
	if m == 2 && y%4 == 0 && (y%100 != 0 || y%400 == 0) {
		days = 29
	}
	return d <= days
}

// dropUnsafeRows skips every point whose curve key holds an unsafe
// character or whose date is not a real date, with one warning per file
// and field (the first value shown escaped, and how many rows).
func dropUnsafeRows(ds *Dataset) {
	dropUnsafeRowsBy(ds, latestRealDate(time.Now()))
}

// latestRealDate is the last date a run can carry when now is the clock:
// tomorrow (UTC), so a run finished today anywhere on Earth still loads.
// A later date ("9999-12-31") would become its configuration's latest
// run and hide every real one.
func latestRealDate(now time.Time) string {
	return now.UTC().AddDate(0, 0, 1).Format(time.DateOnly)
}

// dropUnsafeRowsBy is dropUnsafeRows with the latest real date given.
func dropUnsafeRowsBy(ds *Dataset, latest string) {
	type at struct{ file, field string }
	var order []at
	count := map[at]int{}
	first := map[at]string{}
	keep := ds.Points[:0]
	for i := range ds.Points {
		p := &ds.Points[i]
		field, bad := unsafeField(p, latest)
		if !bad {
			keep = append(keep, *p)
			continue
		}
		k := at{p.Prov.File, field}
		if count[k] == 0 {
			order = append(order, k)
			first[k] = cut(fieldValue(p, field), 80)
		}
		count[k]++
	}
	if len(order) == 0 {
		return
	}
	clear(ds.Points[len(keep):])
	ds.Points = keep
	for _, k := range order {
		field, what := k.field, "holds a control, line-separator, bidi or zero-width character"
		switch k.field {
		case "date":
			what = "is not a date YYYY-MM-DD"
		case futureDate:
			field, what = "date", "is after "+latest+": not a run that has happened"
		}
		ds.Warnings = append(ds.Warnings, Warning{File: k.file, Field: field,
			Msg: fmt.Sprintf("%q %s; %s skipped", first[k], what, model.Plural(count[k], "row"))})
	}
}

// futureDate marks a real date after the latest a run can carry (the
// warning names the field "date").
const futureDate = "date (future)"

// unsafeField names the first field of p that fails, if any.
func unsafeField(p *model.Point, latest string) (string, bool) {
	names := [6]string{"model", "scenario", "hardware", "framework", "precision", "spec_decoding"}
	for i, v := range p.Curve.Fields() {
		if _, bad := reading.FirstUnsafe(v); bad {
			return names[i], true
		}
	}
	if d := p.Prov.Date; d != "" && !ValidDate(d) {
		return "date", true
	} else if d > latest {
		return futureDate, true
	}
	return "", false
}

func fieldValue(p *model.Point, field string) string {
	switch field {
	case futureDate:
		return p.Prov.Date
	case "model":
		return p.Curve.Model
	case "scenario":
		return p.Curve.Scenario
	case "hardware":
		return p.Curve.Hardware
	case "framework":
		return p.Curve.Framework
	case "precision":
		return p.Curve.Precision
	case "spec_decoding":
		return p.Curve.Spec
	}
	return p.Prov.Date
}

// cut is s cut to at most n bytes on a character boundary, "…" marking a cut.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
