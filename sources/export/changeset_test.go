package export_test

import (
	"bytes"
	fx "github.com/sweeptune/sweeptune/internal/fixtures"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/export"
	"github.com/sweeptune/sweeptune/sources/srt"
)

const (
	aggKey     = "dsv41flash-fp4-gb300-dynamo-sglang-agentic-agg"
	aggBundle  = "agg-variants.yaml"
	newImage   = "lmsysorg/sglang:nightly-dev-cu13-20261030-302b78cc"
	newRouter  = "1.7.0.dev20261029"
	masterName = "nvidia-master.excerpt.yaml"
	clName     = "perf-changelog.excerpt.yaml"
)

// changeSetRequest is the retune of InferenceX PR #4673 as one export: the
// agg bundle and the disagg bundle, both keys, the new image and router.
func changeSetRequest(t *testing.T, dir string) export.ExportRequest {
	return export.ExportRequest{
		Points:        retunePoints(t).Points,
		Add:           []string{"3p1d-dep2-dep16-b18-c700", "7p1d-dep2-dep16-b96-c5540", "9p1d-dep2-dep16-b192-c7480"},
		Remove:        []string{"agg-tep2-c16", "8p1d-dep2-dep16-c4096", "9p1d-dep2-dep16-b160-c7480"},
		RecipePaths:   []string{filepath.Join(dir, aggBundle), filepath.Join(dir, bundleName)},
		MasterPath:    filepath.Join(dir, masterName),
		ConfigKeys:    []string{aggKey, disaggKey},
		ChangelogPath: filepath.Join(dir, clName),
		Image:         newImage,
		RouterVersion: newRouter,
		AsOf:          "2026-11-05",
	}
}

// validRawChange is InferenceX's validate_raw_change for one appended
// entry (utils/validate_perf_changelog.py): the history is a byte prefix,
// the entry starts right after "\n\n" or after one more "\n", and the file
// ends in exactly one newline.
func validRawChange(base, head []byte) string {
	if !bytes.HasPrefix(head, base) {
		return "historical bytes changed"
	}
	want := "\n- config-keys:"
	if bytes.HasSuffix(base, []byte("\n\n")) {
		want = "- config-keys:"
	}
	if !bytes.HasPrefix(head[len(base):], []byte(want)) {
		return "the new entry is not separated from history by one empty line"
	}
	if bytes.HasSuffix(head, []byte("\n\n")) || !bytes.HasSuffix(head, []byte("\n")) {
		return "the file does not end in one newline"
	}
	return ""
}

// TestExportChangeSet makes the PR's whole change in one export and checks
// what InferenceX's own code checks, without Python.
func TestExportChangeSet(t *testing.T) {
	dir := copyFiles(t, fixtures, aggBundle, bundleName, masterName, clName)
	req := changeSetRequest(t, dir)
	plan, err := export.BuildExport(req)
	if err != nil {
		t.Fatalf("BuildExport: %v (notes %v)", err, plan)
	}
	got := strings.ReplaceAll(plan.Diff(), strings.TrimPrefix(filepath.ToSlash(dir), "/")+"/", "")
	golden := filepath.Join("..", "..", "testdata", "golden", "export-changeset.diff")
	fx.Golden(t, golden, got, *update)
	if len(plan.Files) != 4 {
		t.Fatalf("%d files changed, want 4 (two bundles, the master, the changelog)", len(plan.Files))
	}
	// One review over the whole curve: the demo's worked line values.
	wantLine := map[string]string{"agg-tep2-c16": "243,084.79", "8p1d-dep2-dep16-c4096": "853,132.41", "9p1d-dep2-dep16-b160-c7480": "1,100,893.85"}
	if len(plan.Verdicts) != 3 {
		t.Fatalf("verdicts: %+v", plan.Verdicts)
	}
	for _, v := range plan.Verdicts {
		if !v.Covered || model.Thousands(v.LineValue, 2) != wantLine[v.ID] {
			t.Errorf("%s: covered %v at %s, want %s", v.ID, v.Covered, model.Thousands(v.LineValue, 2), wantLine[v.ID])
		}
		// The arithmetic is the PR body's; the entry says the verdict in words.
		if strings.Contains(plan.Entry, wantLine[v.ID]) {
			t.Errorf("the entry carries the line value %s: %s", wantLine[v.ID], plan.Entry)
		}
	}
	checkEntryShape(t, plan.Entry, "Dynamo 1.7.0.dev20261029")
	if err := plan.Write(); err != nil {
		t.Fatal(err)
	}
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	agg := string(read(aggBundle))
	if strings.Contains(agg, "override_tp2_c16") || !strings.Contains(agg, "override_tp4:") ||
		!strings.Contains(agg, "container: "+newImage) || !strings.Contains(agg, `dynamo: "`+newRouter+`"`) {
		t.Errorf("agg bundle:\n%s", agg)
	}
	disagg := string(read(bundleName))
	for _, key := range []string{"override_3p1d_dep2_dep16_b18_c700:", "override_3p1d_dep2_dep16_b24_c1228:", "override_5p1d_dep2_dep16_b40_c2884:",
		"override_7p1d_dep2_dep16_b96_c5540:", "override_9p1d_dep2_dep16_b192_c7480:", "container: " + newImage} {
		if !strings.Contains(disagg, key) {
			t.Errorf("disagg bundle lacks %s", key)
		}
	}
	for _, key := range []string{"override_8p1d_dep2_dep16_c4096", "override_9p1d_dep2_dep16_b160_c7480"} {
		if strings.Contains(disagg, key) {
			t.Errorf("disagg bundle still has %s", key)
		}
	}

	// The master: both keys' pins moved; the search spaces are the PR's
	// (what generate_sweep_configs.py test-config expands).
	master := read(masterName)
	mc, warns, err := srt.ParseMaster(masterName, master)
	if err != nil || len(warns) > 0 {
		t.Fatalf("master: %v %v", err, warns)
	}
	points := func(key string) []string {
		var out []string
		for _, s := range mc.Entry(key).Scenarios {
			for _, r := range s.Rows {
				_, ov := r.Selector()
				for _, c := range r.ConcList {
					out = append(out, ov+"@"+itoa(c))
				}
			}
		}
		return out
	}
	if got, want := points(aggKey), []string{"override_tp4@1", "override_tp4@4", "override_tp4@16"}; !slices.Equal(got, want) {
		t.Errorf("agg search space %v, want %v", got, want)
	}
	wantDisagg := []string{"override_3p1d_dep2_dep16_b18_c700@700", "override_3p1d_dep2_dep16_b24_c1228@1228", "override_5p1d_dep2_dep16_b40_c2884@2884",
		"override_7p1d_dep2_dep16_b96_c5540@5540", "override_9p1d_dep2_dep16_b192_c7480@7480"}
	if got := points(disaggKey); !slices.Equal(got, wantDisagg) {
		t.Errorf("disagg search space %v, want the PR's five points %v", got, wantDisagg)
	}
	for _, key := range []string{aggKey, disaggKey} {
		if mc.Entry(key).Image != newImage {
			t.Errorf("%s image %s", key, mc.Entry(key).Image)
		}
	}
	if n := strings.Count(string(master), `version: "`+newRouter+`"`); n != 2 {
		t.Errorf("%d router versions moved, want 2:\n%s", n, master)
	}

	// The changelog: one entry listing both keys, the placeholder InferenceX
	// accepts, appended as validate_raw_change wants.
	base, err := os.ReadFile(filepath.Join(fixtures, clName))
	if err != nil {
		t.Fatal(err)
	}
	head := read(clName)
	if msg := validRawChange(base, head); msg != "" {
		t.Errorf("validate_raw_change would say: %s", msg)
	}
	before, _ := srt.ParseChangelog(clName, base)
	after, warns := srt.ParseChangelog(clName, head)
	if len(warns) > 0 || len(after) != len(before)+1 {
		t.Fatalf("changelog: %d entries after, %d before, %v", len(after), len(before), warns)
	}
	e := after[len(after)-1]
	if !slices.Equal(e.ConfigKeys, []string{aggKey, disaggKey}) || e.PRLink != srt.PlaceholderPRLink ||
		!regexp.MustCompile(`^https://github\.com/SemiAnalysisAI/InferenceX/pull/XXX$`).MatchString(e.PRLink) {
		t.Errorf("entry keys %v, link %s", e.ConfigKeys, e.PRLink)
	}
	if c := strings.Count(string(head[len(base):]), "\n- config-keys:"); c != 1 {
		t.Errorf("%d entries appended, want 1", c)
	}
	// What to run next: a dry run per new override, then InferenceX's expansion.
	if len(plan.Next) != 4 || !strings.HasPrefix(plan.Next[0], "srtctl dry-run -f ") || !strings.HasSuffix(plan.Next[0], bundleName+":override_3p1d_dep2_dep16_b18_c700") ||
		!strings.HasSuffix(plan.Next[3], "--config-keys "+aggKey+" "+disaggKey) {
		t.Errorf("next commands: %q", plan.Next)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestChangeSetRefusesUnroutedPoint: a point no recipe runs or fits is
// refused, naming what to pass.
func TestChangeSetRefusesUnroutedPoint(t *testing.T) {
	dir := copyFiles(t, fixtures, bundleName, masterName, clName)
	req := changeSetRequest(t, dir)
	req.RecipePaths = []string{filepath.Join(dir, bundleName)}
	_, err := export.BuildExport(req)
	if err == nil || !strings.Contains(err.Error(), "agg-tep2-c16 (aggregated TEP2) fits none of the recipes given (disagg-dep16-hicache-variants.yaml (disaggregated, DEP2 + DEP16)): to remove it, pass --recipe with the aggregated TEP2 bundle that runs it") {
		t.Errorf("err = %v", err)
	}
}

// TestChangelogAfterTrailingSpaces: a file ending in spaces, with or
// without a newline, gets the entry after one newline; no byte before it
// changes.
func TestChangelogAfterTrailingSpaces(t *testing.T) {
	entry := srt.ChangelogEntry{ConfigKeys: []string{"k"}, Description: []string{"d"}, PRLink: srt.PlaceholderPRLink}
	base := "- config-keys:\n    - a\n  description:\n    - x\n  pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/1\n"
	for _, tail := range []string{"", "\n", "  ", "  \n", "\n  \n", "\n\n"} {
		old := []byte(base + tail)
		out, err := srt.AppendChangelog("c.yaml", old, entry)
		if err != nil {
			t.Errorf("%q: %v", tail, err)
			continue
		}
		if msg := validRawChange(old, out); msg != "" {
			t.Errorf("tail %q: %s:\n%s", tail, msg, out)
		}
	}
}

// TestRouterVersionReadFromTheRecipe: with --image and no --router-version,
// a Dynamo version the user pinned in a recipe (identity.frameworks.dynamo)
// moves both keys' router versions; a recipe still pinning the old one
// leaves the warning.
func TestRouterVersionReadFromTheRecipe(t *testing.T) {
	dir := copyFiles(t, fixtures, aggBundle, bundleName, masterName, clName)
	agg := filepath.Join(dir, aggBundle)
	b, _ := os.ReadFile(agg)
	os.WriteFile(agg, bytes.Replace(b, []byte(`dynamo: "1.6.0.dev20261014"`), []byte(`dynamo: "`+newRouter+`"`), 1), 0o644)
	req := changeSetRequest(t, dir)
	req.RouterVersion = ""
	plan := mustPlan(t, req)
	var master string
	for _, f := range plan.Files {
		if strings.HasSuffix(f.Path, masterName) {
			master = string(f.New)
		}
	}
	if n := strings.Count(master, `version: "`+newRouter+`"`); n != 2 || !strings.Contains(strings.Join(plan.Notes, "\n"), "router version "+newRouter+" read from agg-variants.yaml") {
		t.Errorf("%d router versions moved; notes %v", n, plan.Notes)
	}
	// The fixtures as they are pin the old version: nothing is read, and
	// the moved image warns that the router stays.
	dir = copyFiles(t, fixtures, aggBundle, bundleName, masterName, clName)
	req = changeSetRequest(t, dir)
	req.RouterVersion = ""
	plan = mustPlan(t, req)
	if notes := strings.Join(plan.Notes, "\n"); !strings.Contains(notes, "warning: "+aggKey+" pins router version 1.6.0.dev20261014 beside its image") {
		t.Errorf("notes %s", notes)
	}
}

// TestEnginePinWarnedWhenTheImageMoves: --image moves a bundle's
// model.container, but identity.frameworks.sglang names the engine build of
// the old image and no flag sets it; the export says so (the PR pinned
// SGLang g52604e1d4 beside the new image by hand), naming the file and
// field, and leaves the value as it is.
func TestEnginePinWarnedWhenTheImageMoves(t *testing.T) {
	dir := copyFiles(t, fixtures, aggBundle, bundleName, masterName, clName)
	plan, err := export.BuildExport(changeSetRequest(t, dir))
	if err != nil {
		t.Fatal(err)
	}
	want := "warning: agg-variants.yaml: identity.frameworks.sglang still pins 0.0.0.dev1+g586355a8, the build of the old container lmsysorg/sglang:nightly-dev-cu13-20261015-586355a8; no flag sets it: edit it to the build " + newImage + " bundles"
	notes := strings.Join(plan.Notes, "\n")
	if strings.Count(notes, want) != 1 {
		t.Errorf("notes lack, once, %q:\n%s", want, notes)
	}
	for _, f := range plan.Files {
		if strings.HasSuffix(f.Path, aggBundle) && !strings.Contains(string(f.New), `sglang: "0.0.0.dev1+g586355a8"`) {
			t.Errorf("the engine pin changed:\n%s", f.New)
		}
	}
	// The same container: nothing moved, nothing to say.
	dir = copyFiles(t, fixtures, aggBundle, bundleName, masterName, clName)
	req := changeSetRequest(t, dir)
	req.Image, req.RouterVersion = "", ""
	plan = mustPlan(t, req)
	if notes := strings.Join(plan.Notes, "\n"); strings.Contains(notes, "identity.frameworks.sglang") {
		t.Errorf("no image moved, yet: %s", notes)
	}
}

// TestKeptOverrideNamesTheConcurrencyItsNumbersAre: the agg TP4 override
// runs c1, c4 and c16; the entry keeps it by all three, and the disagg
// overrides that stay by their decode caps.
func TestKeptOverrideNamesTheConcurrencyItsNumbersAre(t *testing.T) {
	dir := copyFiles(t, fixtures, aggBundle, bundleName, masterName, clName)
	plan, err := export.BuildExport(changeSetRequest(t, dir))
	if err != nil {
		t.Fatal(err)
	}
	want := "Keep agg TP4 c1/c4/c16, 3P c1228 BS24 and 5P c2884 BS40."
	if !strings.Contains(plan.Entry, want) {
		t.Errorf("entry lacks %q:\n%s", want, plan.Entry)
	}
}

// checkEntryShape holds the entry to InferenceX's own: 1 to 4 description
// bullets, no two-decimal arithmetic, the Dynamo version named
// (docs/export.md).
func checkEntryShape(t *testing.T, entry, dynamo string) {
	t.Helper()
	bullets := 0
	inDesc := false
	for _, l := range strings.Split(entry, "\n") {
		switch {
		case strings.HasPrefix(l, "  description:"):
			inDesc = true
		case inDesc && strings.HasPrefix(l, "    - "):
			bullets++
		case strings.HasPrefix(l, "  ") && !strings.HasPrefix(l, "    "):
			inDesc = false
		}
	}
	if bullets < 1 || bullets > 4 {
		t.Errorf("%d description bullets, want 1 to 4:\n%s", bullets, entry)
	}
	if dynamo != "" && !strings.Contains(entry, dynamo) {
		t.Errorf("the entry does not name %s:\n%s", dynamo, entry)
	}
	if m := regexp.MustCompile(`[0-9],[0-9]{3}\.[0-9]{2}`).FindString(entry); m != "" {
		t.Errorf("the entry carries arithmetic (%s); it belongs in the PR body:\n%s", m, entry)
	}
}
