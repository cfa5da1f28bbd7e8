package cli

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/sweeptune/sweeptune/model"
)

// Helpers shared by review and compare: ID resolution, number cells.

// resolveIDs finds each ID's point; unknown IDs are reported with the list
// of valid ones and give ok false. Repeated IDs count once.
func resolveIDs(cmd, flagName string, points []model.Point, ids []string, stderr io.Writer) ([]model.Point, bool) {
	out, unknown := findIDs(points, ids)
	if len(unknown) > 0 {
		fmt.Fprintf(stderr, "sweeptune %s: %s: unknown point ID %s\n", cmd, flagName, model.UnknownIDs(points, unknown))
		writeValidIDs(stderr, points)
		return nil, false
	}
	return out, true
}

// findIDs returns the points of the IDs (repeats count once) and the IDs
// that name no point.
func findIDs(points []model.Point, ids []string) (found []model.Point, unknown []string) {
	seen := map[string]bool{}
	for _, id := range ids {
		if seen[id] {
			continue
		}
		seen[id] = true
		if i := model.FindID(points, id); i >= 0 {
			found = append(found, points[i])
		} else {
			unknown = append(unknown, id)
		}
	}
	return found, unknown
}

// writeValidIDs lists every loaded point's ID, source and label.
func writeValidIDs(w io.Writer, points []model.Point) {
	fmt.Fprintln(w, "valid IDs:")
	ids := make([]string, len(points))
	for i := range points {
		ids[i] = fmt.Sprintf("  %-44s %-10s %s", points[i].ID, points[i].Source, points[i].DisplayLabel())
	}
	sort.Strings(ids)
	for _, s := range ids {
		fmt.Fprintln(w, s)
	}
}

func xAxisNames() string {
	names := make([]string, len(model.XAxes))
	for i, a := range model.XAxes {
		names[i] = a.Name
	}
	return strings.Join(names, ", ")
}
