package export

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/sources/reading"
	"github.com/sweeptune/sweeptune/sources/srt"
)

// What an export target already runs, so that select can say "new" only
// for a configuration no override or master row runs, and "kept" or
// "re-tuned" for one that is there (docs/select.md).

// Target is the recipes' variants an export would write next to, limited
// to those the config keys' rows select when a master is given.
type Target struct {
	Variants []srt.Variant
}

// ReadTarget reads the recipes (bundles, single recipes or directories of
// them) and, with master and keys, the rows that select their overrides.
func ReadTarget(recipes []string, master string, keys []string) (*Target, error) {
	if len(recipes) == 0 {
		return nil, fmt.Errorf("the target needs --recipe")
	}
	var vs []srt.Variant
	for _, r := range recipes {
		files, err := recipeFiles(r)
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			data, err := sources.ReadRegular(f)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", f, reading.PathErr(err))
			}
			got, _ := srt.ParseRecipe(f, data)
			vs = append(vs, got...)
		}
	}
	if master == "" {
		return &Target{Variants: vs}, nil
	}
	data, err := sources.ReadRegular(master)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", master, reading.PathErr(err))
	}
	mc, _, err := srt.ParseMaster(master, data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", master, err)
	}
	selected := map[string]bool{} // "<file base>:<override>" and "<file base>:" for a whole recipe
	for _, key := range keys {
		e := mc.Entry(key)
		if e == nil {
			return nil, fmt.Errorf("%s: no config key %s", master, key)
		}
		for _, sc := range e.Scenarios {
			for _, row := range sc.Rows {
				file, override := row.Selector()
				selected[filepath.Base(file)+":"+override] = true
			}
		}
	}
	if len(keys) == 0 {
		return &Target{Variants: vs}, nil
	}
	var kept []srt.Variant
	for _, v := range vs {
		override := v.Override
		if strings.HasPrefix(override, "zip_") || strings.HasPrefix(override, "sweep") {
			if i := strings.IndexByte(override, '['); i >= 0 {
				override = override[:i]
			}
		}
		if selected[filepath.Base(v.File)+":"+override] || (v.Override == "" && selected[filepath.Base(v.File)+":"]) {
			kept = append(kept, v)
		}
	}
	return &Target{Variants: kept}, nil
}

// recipeFiles is a recipe path's files: the file, or a directory's YAML
// files in name order.
func recipeFiles(path string) ([]string, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, reading.PathErr(err))
	}
	if !st.IsDir() {
		return []string{path}, nil
	}
	ents, err := os.ReadDir(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, reading.PathErr(err))
	}
	var out []string
	for _, e := range ents {
		if n := e.Name(); !e.IsDir() && (strings.HasSuffix(n, ".yaml") || strings.HasSuffix(n, ".yml")) {
			out = append(out, filepath.Join(path, n))
		}
	}
	sort.Strings(out)
	return out, nil
}

// State says what the target holds of p's configuration: an override that
// runs it as measured (kept), one that runs its topology, concurrency and
// decode cap with other decode knobs (re-tuned), or none (new).
func (t *Target) State(p *model.Point) model.TargetState {
	if t == nil || p.Knobs.Mode == "" {
		return model.TargetAbsent
	}
	state := model.TargetAbsent
	for i := range t.Variants {
		v := &t.Variants[i]
		if v.Knobs.Mode != p.Knobs.Mode || !matches(*v, p) {
			continue
		}
		if sameDecodeKnobs(v.Knobs, p.Knobs) {
			return model.TargetSame
		}
		state = model.TargetRetuned
	}
	return state
}

// sameDecodeKnobs compares the decode knobs both sides state.
func sameDecodeKnobs(a, b model.Knobs) bool {
	differ := func(x, y int) bool { return x > 0 && y > 0 && x != y }
	return !differ(a.MaxRunningRequests, b.MaxRunningRequests) && !differ(a.DecodeExtraSlots, b.DecodeExtraSlots) &&
		(a.Balance == "" || b.Balance == "" || a.Balance == b.Balance)
}
