package audit

import (
	"regexp"
	"time"

	"github.com/sweeptune/sweeptune/model"
)

// An image's date is the YYYYMMDD its tag carries (nightly builds:
// nightly-dev-cu13-20261030-302b78cc), else the first run it made on the
// hardware and framework.
var tagDate = regexp.MustCompile(`(?:^|[^0-9])(20[0-9]{2})(0[1-9]|1[0-2])(0[1-9]|[12][0-9]|3[01])(?:[^0-9]|$)`)

type hwfw struct{ hardware, framework string }

type imageSeen struct{ image, date string }

// imageIndex is every image's date per hardware and framework, and the
// newest of each.
type imageIndex struct {
	dates  map[hwfw]map[string]string
	newest map[hwfw]imageSeen
}

func imageDate(image, firstRun string) string {
	if m := tagDate.FindStringSubmatch(image); m != nil {
		return m[1] + "-" + m[2] + "-" + m[3]
	}
	return firstRun
}

func newestImages(curves []model.Curve, latest [][]*model.Point) imageIndex {
	ix := imageIndex{dates: map[hwfw]map[string]string{}, newest: map[hwfw]imageSeen{}}
	for _, c := range curves {
		k := hwfw{c.Key.Hardware, c.Key.Framework}
		if ix.dates[k] == nil {
			ix.dates[k] = map[string]string{}
		}
		for i := range c.Points {
			p := &c.Points[i]
			if p.Prov.Image == "" || p.Prov.Date == "" {
				continue
			}
			if d, ok := ix.dates[k][p.Prov.Image]; !ok || p.Prov.Date < d {
				ix.dates[k][p.Prov.Image] = p.Prov.Date
			}
		}
	}
	for k, imgs := range ix.dates {
		for img, first := range imgs {
			d := imageDate(img, first)
			imgs[img] = d
			if n, ok := ix.newest[k]; !ok || d > n.date || (d == n.date && img > n.image) {
				ix.newest[k] = imageSeen{img, d}
			}
		}
	}
	return ix
}

// of is the curve's image (the one most of its latest points ran) against
// the newest of its hardware and framework; nil when none is known.
func (ix imageIndex) of(k model.CurveKey, latest []*model.Point) *Image {
	count := map[string]int{}
	best := ""
	for i := range latest {
		img := latest[i].Prov.Image
		if img == "" {
			continue
		}
		count[img]++
		if best == "" || count[img] > count[best] || (count[img] == count[best] && img > best) {
			best = img
		}
	}
	if best == "" {
		return nil
	}
	key := hwfw{k.Hardware, k.Framework}
	d := ix.dates[key][best]
	n := ix.newest[key]
	im := &Image{Image: best, Date: d, Newest: n.image, NewestDate: n.date}
	if a, err := time.Parse(time.DateOnly, d); err == nil {
		if b, err := time.Parse(time.DateOnly, n.date); err == nil && b.After(a) {
			im.AgeDays = int(b.Sub(a).Hours() / 24)
		}
	}
	return im
}
