package cli

import (
	"encoding/json"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/sources/synth"
)

// terminalActive names the first character of s a terminal would act on
// (ESC, BEL, CR, DEL, a C1 control, a bidi override, a non-UTF-8 byte).
func terminalActive(s string) string {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			return s[max(i-20, 0):min(i+20, len(s))]
		case r < 0x20 && r != '\n' && r != '\t', r == 0x7f, r >= 0x80 && r <= 0x9f, r >= 0x202a && r <= 0x202e:
			return s[max(i-30, 0):min(i+30, len(s))]
		}
		i += n
	}
	return ""
}

// stringFields lists every string field of v (recursively) by path.
func stringFields(v reflect.Value, path string, out map[string]string) {
	switch v.Kind() {
	case reflect.String:
		out[path] = v.String()
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				stringFields(v.Field(i), path+"."+v.Type().Field(i).Name, out)
			}
		}
	}
}

// Escape sequences in every string field of the input points and in the
// file names used to reach the terminal live: OSC 0 retitled the window,
// OSC 52 wrote the clipboard, CSI 2J wiped the screen. Every text output
// now shows them escaped; --json keeps the values exact.
func TestNoDataEscapeReachesTheTerminal(t *testing.T) {
	dir := t.TempDir()
	paths, err := synth.HostileFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	ex := exportFixtures(t)
	// The fixture reaches every string field a point has (ID and the
	// enumerations excepted): a new field must be covered here too.
	ds := sources.LoadPaths([]string{dir}, sources.Options{})
	covered := map[string]bool{}
	for _, p := range ds.Points {
		fields := map[string]string{}
		stringFields(reflect.ValueOf(p), "Point", fields)
		for name, v := range fields {
			// The hardware key is lower-cased at load (the escapes stay).
			if strings.Contains(v, synth.Hostile) || (name == "Point.Curve.Hardware" && strings.Contains(v, strings.ToLower(synth.Hostile))) {
				covered[name] = true
			}
		}
	}
	// A curve key or date holding a control character skips its row at
	// load (the API rows' warning names the field); every other field
	// reaches the points.
	for _, w := range ds.Warnings {
		if w.Field == "model" && strings.Contains(w.File, "rows") && strings.Contains(w.Msg, "row skipped") {
			covered["Point.Curve"] = true
		}
	}
	for name := range map[string]string{"Point.Label": "", "Point.Curve": "", "Point.Knobs.Balance": "",
		"Point.Prov.File": "", "Point.Prov.RunURL": "", "Point.Prov.Image": "",
		"Point.Prov.Recipe": "", "Point.Prov.RecipeVariant": ""} {
		if !covered[name] {
			t.Errorf("the hostile fixture does not reach %s", name)
		}
	}
	all := map[string]string{}
	stringFields(reflect.ValueOf(ds.Points[0]), "Point", all)
	for name := range all {
		switch name {
		case "Point.ID", "Point.Source", "Point.Knobs.Mode": // derived or enumerations
		case "Point.Curve.Model", "Point.Curve.Scenario", "Point.Curve.Hardware", "Point.Curve.Framework",
			"Point.Curve.Precision", "Point.Curve.Spec", "Point.Knobs.SpecDecoding", "Point.Prov.Date": // skipped at load when hostile
		case "Point.Prov.Branch": // left out at load when hostile (sources.TestUnofficialRunUnsafeBranchLeftOut)
		default:
			if !covered[name] {
				t.Errorf("string field %s is not covered by the hostile fixture", name)
			}
		}
	}
	if len(ds.Warnings) < 3 {
		t.Fatalf("want warnings naming hostile files and fields, got %v", ds.Warnings)
	}

	commands := [][]string{
		{"report", dir},
		{"report", "--x", "p90-intvty", dir},
		{"review", "--remove", "5p1d-dep2-dep16-b40-c2884", dir},
		{"compare", dir},
		{"plan", "--fit", "5p1d-dep2-dep16-b40-c2884,7p1d-dep2-dep16-b96-c5540,9p1d-dep2-dep16-b192-c7480",
			"--prefill-workers", "7", "--decode-bs", "96", "--concurrency", "5540", dir},
		// The override block quotes the balance method; the changelog entry
		// would not be YAML with the image in it: refused, saying why.
		{"export", "--add", "7p1d-dep2-dep16-b96-c5540", "--recipe", filepath.Join(ex, "disagg-dep16-hicache-variants.yaml"), paths[0]},
		{"export", "--add", "7p1d-dep2-dep16-b96-c5540", "--recipe", filepath.Join(ex, "disagg-dep16-hicache-variants.yaml"),
			"--changelog", filepath.Join(ex, "perf-changelog.excerpt.yaml"), paths[0]},
		{"nosuchcommand" + synth.Hostile},
		{"report", "--x", "bad" + synth.Hostile},
	}
	shown := false
	for _, args := range commands {
		out, errOut, _ := runCmd(t, args...)
		for stream, text := range map[string]string{"stdout": out, "stderr": errOut} {
			if bad := terminalActive(text); bad != "" {
				t.Errorf("%s of %q: a live control near %q", stream, strings.Join(args, " "), bad)
			}
			shown = shown || strings.Contains(text, `<\x1b]0;PWNED\x07\x1b]52;c;ZXZpbA==\x07\x1b[2J\u009b2J\u009d0;t\u009c\x0d\u007f\u202e>`)
		}
	}
	if !shown {
		t.Error("the hostile text is not shown escaped anywhere")
	}

	// --json: the values come back exact.
	out, errOut, _ := runCmd(t, "report", "--json", dir)
	if bad := terminalActive(out + errOut); bad != "" {
		t.Errorf("report --json: a live control near %q", bad)
	}
	var rep struct {
		Curves []struct {
			Key    model.CurveKey `json:"key"`
			Points []struct {
				Label string `json:"label"`
			} `json:"points"`
		} `json:"curves"`
		Warnings []string `json:"warnings"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	labels, models := map[string]bool{}, map[string]bool{}
	for _, c := range rep.Curves {
		models[c.Key.Model] = true
		for _, p := range c.Points {
			labels[p.Label] = true
		}
	}
	if !labels["label7"+synth.Hostile] {
		t.Errorf("--json changed the values: models %v", models)
	}
	found := false
	for _, w := range rep.Warnings {
		found = found || strings.Contains(w, "golden"+synth.Hostile+".yaml")
	}
	if !found {
		t.Errorf("--json warnings lost the file name: %q", rep.Warnings)
	}
}
