package cli

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/sources/reading"
)

// maxSelectionBytes bounds a selection read from standard input: a select
// --json document of a dashboard-sized curve is well under it.
const maxSelectionBytes = 64 << 20

// fromSelect reads an accepted selection (select --json saved to a file,
// or piped in with "-") into export's add and remove sets and the set with
// its pairing, inside-noise candidates and margin; mixing it with
// --add/--remove is refused, and so is a selection of a curve none of the
// points is on.
func fromSelect(path string, stdin io.Reader, add, remove []string, points []model.Point, asOf string) ([]string, []string, *model.SelectionSet, error) {
	if path == "" {
		return add, remove, nil, nil
	}
	if len(add) > 0 || len(remove) > 0 {
		return nil, nil, nil, fmt.Errorf("--from-select gives the add and remove sets: leave out --add and --remove")
	}
	var data []byte
	var err error
	if path == "-" {
		if stdin == nil {
			return nil, nil, nil, fmt.Errorf("--from-select -: no standard input")
		}
		data, err = io.ReadAll(io.LimitReader(stdin, maxSelectionBytes+1))
		if err == nil && len(data) > maxSelectionBytes {
			err = fmt.Errorf("over %d MB", maxSelectionBytes>>20)
		}
		if err != nil {
			return nil, nil, nil, fmt.Errorf("--from-select -: standard input: %v", err)
		}
		path = "standard input"
	} else if data, err = sources.ReadRegular(path); err != nil {
		return nil, nil, nil, fmt.Errorf("--from-select %s: %v", path, reading.PathErr(err))
	}
	set, err := model.ParseSelectionSet(data)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("--from-select %s: %v", path, err)
	}
	for i := range points {
		if points[i].Curve == set.Curve {
			return tableOrder(shownIDs(set.Add, points, asOf), points), tableOrder(shownIDs(set.Remove, points, asOf), points), &set, nil
		}
	}
	return nil, nil, nil, fmt.Errorf("--from-select %s: the selection's curve %s is not among the loaded points", path, set.Curve)
}

// tableOrder puts IDs in the order the PR's points table lists points (agg
// first, then by prefill workers, decode cap and concurrency), the order
// the README's --add and --remove give them: a selection lists them by x.
func tableOrder(ids []string, points []model.Point) []string {
	key := func(id string) string {
		i := model.FindID(points, id)
		if i < 0 {
			return "2 " + id
		}
		k := points[i].Knobs
		m := 1
		if k.Mode == model.ModeAgg {
			m = 0
		}
		return fmt.Sprintf("%d %04d %04d %09d %s", m, k.Prefill.Workers, k.DecodeBS, k.Concurrency, id)
	}
	out := slices.Clone(ids)
	slices.SortStableFunc(out, func(a, b string) int { return strings.Compare(key(a), key(b)) })
	return out
}

// shownIDs names each point by the measurement of its configuration the
// curve shows as of asOf (the latest of its source; the export reviews that
// view): a
// selection judges a configuration by its latest run with both axes, which
// may be an earlier one. IDs of no loaded point pass unchanged (the export
// names them).
func shownIDs(ids []string, points []model.Point, asOf string) []string {
	shown := map[string]bool{}
	byConfig := map[string]string{}
	for _, i := range model.LatestIndex(points, asOf) {
		p := &points[i]
		shown[p.ID] = true
		if p.Knobs.Mode != "" {
			byConfig[string(p.Source)+"\x00"+p.Curve.String()+"\x00"+p.Knobs.BaseID()] = p.ID
		}
	}
	out := make([]string, len(ids))
	for k, id := range ids {
		out[k] = id
		if i := model.FindID(points, id); i >= 0 && !shown[id] {
			p := &points[i]
			if q, ok := byConfig[string(p.Source)+"\x00"+p.Curve.String()+"\x00"+p.Knobs.BaseID()]; ok {
				out[k] = q
			}
		}
	}
	return out
}
