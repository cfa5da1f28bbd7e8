package cli

import (
	"encoding/json"
	"github.com/sweeptune/sweeptune/sources/export"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// Every --json document is an object that starts with schema_version 1
// and carries warnings (an array, never null).
func TestEveryJSONHasSchemaVersionAndWarnings(t *testing.T) {
	noUserConfig(t)
	dir := exportFixtures(t)
	cases := [][]string{
		{"report", "--json"},
		{"review", "--json", "--remove", "8p1d-dep2-dep16-c4096"},
		{"compare", "--json"},
		{"history", "--json", multiCurve},
		{"history", "--json", "--from", "2025-10-06", "--to", "2026-02-27", multiCurve},
		{"plan", "--json", "--fit", planFit, "--backtest"},
		{"recipes", "--json", shapesDir("recipes", "s1-bundle.yaml")},
		{"select", "--json", "--max-gpus", "34"},
		append(exportArgs(dir), "--json"),
		{"version", "--json"},
		{"paths", "--json"},
		{"scorecard", "--json", "--ledger", filepath.Join(t.TempDir(), "none.jsonl")},
		{"audit", "--json"},
		{"audit", "--json", "--baseline", "2025-12-31", "--plan-top", "0", multiCurve},
	}
	for _, args := range cases {
		out, stderr, code := runCmd(t, args...)
		if code != exitOK {
			t.Errorf("%v: exit %d: %s", args[:2], code, stderr)
			continue
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal([]byte(out), &m); err != nil {
			t.Errorf("%v: %v", args[:2], err)
			continue
		}
		var ws []string
		if string(m["schema_version"]) != "1" || json.Unmarshal(m["warnings"], &ws) != nil || ws == nil {
			t.Errorf("%v: schema_version %s, warnings %s", args[:2], m["schema_version"], m["warnings"])
		}
		if out[:24] != "{\n  \"schema_version\": 1," {
			t.Errorf("%v: schema_version is not first: %.40q", args[:2], out)
		}
	}
}

// A load's warnings reach --json's warnings, as they reach stderr.
func TestReviewJSONCarriesLoadWarnings(t *testing.T) {
	empty := fixtureFile(t, "empty.json", "")
	out, stderr, code := runCmd(t, "review", "--json", "--remove", "agg-tp8-c8", empty, multiCurve)
	var doc struct {
		Warnings []string `json:"warnings"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != exitBadInput {
		t.Fatalf("exit %d: %v\n%s", code, err, stderr)
	}
	if len(doc.Warnings) != 1 || doc.Warnings[0] != empty+": empty file" {
		t.Errorf("warnings %q", doc.Warnings)
	}
}

// export --json describes the dry run: each file's action and diff, the
// overrides, the removal verdicts; nothing written.
func TestExportJSONDescribesThePlan(t *testing.T) {
	dir := exportFixtures(t)
	bundle := filepath.Join(dir, "disagg-dep16-hicache-variants.yaml")
	before, _ := os.ReadFile(bundle)
	out := runOK(t, append(exportArgs(dir, "--remove", "8p1d-dep2-dep16-c4096,9p1d-dep2-dep16-b160-c7480"), "--json")...)
	var doc struct {
		Write, Written bool
		Files          []struct{ Path, Action, Diff, Backup string }
		Overrides      []struct{ ID, Key, Name string }
		Verdicts       []struct {
			ID        string   `json:"id"`
			Covered   bool     `json:"covered"`
			LineValue *float64 `json:"line_value"`
		}
		Refusals []string
		Entry    string `json:"changelog_entry"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Write || doc.Written || len(doc.Files) != 3 || len(doc.Overrides) != 3 || len(doc.Refusals) != 0 || doc.Entry == "" {
		t.Fatalf("plan %+v", doc)
	}
	for _, f := range doc.Files {
		if f.Action != "modify" || f.Diff == "" || f.Backup != "" {
			t.Errorf("file %s: %s, backup %q", f.Path, f.Action, f.Backup)
		}
	}
	if doc.Overrides[1].ID != "7p1d-dep2-dep16-b96-c5540" || doc.Overrides[1].Key != "override_7p1d_dep2_dep16_b96_c5540" {
		t.Errorf("override %+v", doc.Overrides[1])
	}
	lines := map[string]string{}
	for _, v := range doc.Verdicts {
		if !v.Covered || v.LineValue == nil {
			t.Errorf("verdict %+v", v)
			continue
		}
		lines[v.ID] = strconv.FormatFloat(*v.LineValue, 'f', 2, 64)
	}
	if lines["8p1d-dep2-dep16-c4096"] != "853132.41" || lines["9p1d-dep2-dep16-b160-c7480"] != "1100893.85" {
		t.Errorf("line values %v", lines)
	}
	if now, _ := os.ReadFile(bundle); string(now) != string(before) {
		t.Error("--json dry run wrote the bundle")
	}

	// Refused: exit 1, the refusals in the document.
	out, _, code := runCmd(t, append(exportArgs(dir, "--remove", "5p1d-dep2-dep16-b40-c2884"), "--json")...)
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != exitRefused || len(doc.Refusals) == 0 {
		t.Errorf("refused: exit %d, %v, refusals %v", code, err, doc.Refusals)
	}

	// --write --json: written, with the backups named.
	out = runOK(t, append(exportArgs(dir, "--remove", "8p1d-dep2-dep16-c4096,9p1d-dep2-dep16-b160-c7480", "--write"), "--json")...)
	doc.Files = nil
	if err := json.Unmarshal([]byte(out), &doc); err != nil || !doc.Written || len(doc.Files) != 3 || doc.Files[0].Backup != export.BackupPath(bundle) {
		t.Errorf("write: %v %+v", err, doc.Files)
	}
}
