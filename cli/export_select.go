package cli

import (
	"fmt"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
)

// fromSelect reads an accepted selection (select --json saved to a file)
// into export's add and remove sets; mixing it with --add/--remove is
// refused, and so is a selection of a curve none of the points is on.
func fromSelect(path string, add, remove []string, points []model.Point) ([]string, []string, error) {
	if path == "" {
		return add, remove, nil
	}
	if len(add) > 0 || len(remove) > 0 {
		return nil, nil, fmt.Errorf("--from-select gives the add and remove sets: leave out --add and --remove")
	}
	data, err := sources.ReadRegular(path)
	if err != nil {
		return nil, nil, fmt.Errorf("--from-select %s: %v", path, sources.PathErrText(err))
	}
	set, err := model.ParseSelectionSet(data)
	if err != nil {
		return nil, nil, fmt.Errorf("--from-select %s: %v", path, err)
	}
	for i := range points {
		if points[i].Curve == set.Curve {
			return set.Add, set.Remove, nil
		}
	}
	return nil, nil, fmt.Errorf("--from-select %s: the selection's curve %s is not among the loaded points", path, set.Curve)
}
