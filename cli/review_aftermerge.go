package cli

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/spf13/pflag"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/sources/export"
	"github.com/sweeptune/sweeptune/sources/srt"
)

// reviewTargets are export's targets as review takes them: given, the
// review previews the curve after merge of the same change set (its
// removals and --add) as export would, without writing or settling
// anything (docs/dashboard.md).
type reviewTargets struct {
	add        string
	recipes    []string
	configKeys []string
	master     string
	changelog  string
}

func (t *reviewTargets) register(fs *pflag.FlagSet) {
	fs.StringVar(&t.add, "add", "", "with export's targets: `IDS` the change set adds (comma-separated), for the curve after merge")
	fs.StringSliceVar(&t.recipes, "recipe", nil, "with --master, --config-key and --changelog: the srt-slurm `FILE`s export would write; the review then previews the curve after merge")
	fs.StringVar(&t.master, "master", "", "InferenceX master config `FILE` (for the curve after merge)")
	fs.StringSliceVar(&t.configKeys, "config-key", nil, "master-config entry `KEYS` the changelog entry lists (for the curve after merge)")
	fs.StringVar(&t.changelog, "changelog", "", "perf-changelog.yaml `FILE` (for the curve after merge)")
}

// given reports whether any target was named.
func (t *reviewTargets) given() bool {
	return t.add != "" || len(t.recipes)+len(t.configKeys) > 0 || t.master != "" || t.changelog != ""
}

// afterMerge is the preview of the change set's curve after merge, or why
// there is none: export's own plan, made as a dry run.
func (t *reviewTargets) afterMerge(points []model.Point, loaded []srt.ChangelogFile, remove []string, asOf string) ([]model.Preview, error) {
	if len(t.recipes) == 0 || t.master == "" || len(t.configKeys) == 0 || t.changelog == "" {
		return nil, fmt.Errorf("the curve after merge needs export's targets: --recipe, --master, --config-key and --changelog")
	}
	req := export.ExportRequest{Points: points, Add: splitIDs(t.add), Remove: remove, RecipePaths: cleanList(t.recipes),
		MasterPath: t.master, ConfigKeys: cleanList(t.configKeys), ChangelogPath: t.changelog, AsOf: asOf,
		ReadFile: sources.ReadRegular}
	plan, err := export.BuildExport(req)
	if err != nil {
		return nil, fmt.Errorf("the curve after merge: the change set cannot be planned: %v", err)
	}
	return export.AfterMerge(plan, points, asOf, t.master, sources.AppendOnlyDatesOf(t.changelog, loaded)), nil
}

// withAfterMerge is the review's JSON object with "after_merge" last when
// there is a preview (the review marshals itself, so it is not embedded).
func withAfterMerge(rep model.CurveReview, previews []model.Preview) (any, error) {
	if previews == nil {
		return rep, nil
	}
	b, err := json.Marshal(rep)
	if err != nil {
		return nil, err
	}
	pv, err := json.Marshal(previews)
	if err != nil {
		return nil, err
	}
	b = bytes.TrimSuffix(bytes.TrimSpace(b), []byte("}"))
	b = append(append(append(b, `,"after_merge":`...), pv...), '}')
	return json.RawMessage(b), nil
}
