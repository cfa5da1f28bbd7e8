package cli

import (
	"encoding/json"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/sources/synth"
)

// The all-dates view with suspect points in is the plain per-curve
// skyline of the rows (docs/report-speed.md): what DuckDB is timed
// against must be the same job. The frontier is checked against the rows
// read here, apart from the loader, and against DuckDB's query
// (testdata/duckdb/skyline.mjs) when SWEEPTUNE_DUCKDB_MODULES names a
// node_modules directory holding @duckdb/node-api.

// skylineRow is what the skyline reads of an API row.
type skylineRow struct {
	Hardware   string `json:"hardware"`
	Framework  string `json:"framework"`
	Model      string `json:"model"`
	Precision  string `json:"precision"`
	SpecMethod string `json:"spec_method"`
	RunURL     string `json:"run_url"`
	Metrics    struct {
		TputPerGPU float64 `json:"tput_per_gpu"`
		MeanIntvty float64 `json:"mean_intvty"`
	} `json:"metrics"`
}

// windowSkyline is the SQL's rule on the rows: per curve, sorted by x
// descending (y descending among equal x), a row is on the frontier when
// its y beats every y before it. It returns the frontier's run URLs, sorted.
func windowSkyline(t *testing.T, data []byte) []string {
	t.Helper()
	var rows []skylineRow
	if err := json.Unmarshal(data, &rows); err != nil {
		t.Fatal(err)
	}
	byCurve := map[string][]skylineRow{}
	for _, r := range rows {
		k := strings.Join([]string{r.Model, r.Hardware, r.Framework, r.Precision, r.SpecMethod}, "\x00")
		byCurve[k] = append(byCurve[k], r)
	}
	var front []string
	for _, rs := range byCurve {
		slices.SortFunc(rs, func(a, b skylineRow) int {
			if a.Metrics.MeanIntvty != b.Metrics.MeanIntvty {
				return -cmpFloat(a.Metrics.MeanIntvty, b.Metrics.MeanIntvty)
			}
			return -cmpFloat(a.Metrics.TputPerGPU, b.Metrics.TputPerGPU)
		})
		best := math.Inf(-1) // the highest y before the row
		for _, r := range rs {
			if r.Metrics.TputPerGPU > best {
				front = append(front, r.RunURL)
			}
			best = max(best, r.Metrics.TputPerGPU)
		}
	}
	slices.Sort(front)
	return front
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// reportFrontier runs report --all-dates --include-suspect --json on path
// and returns the run URLs of the points on a frontier, sorted, and how
// many points it showed.
func reportFrontier(t *testing.T, path string) (front []string, shown int) {
	t.Helper()
	out, stderr, code := runCmd(t, "report", "--all-dates", "--include-suspect", "--json", path)
	if code != exitOK {
		t.Fatalf("report: exit %d: %s", code, stderr)
	}
	var doc struct {
		Curves []struct {
			Points []struct {
				Prov struct {
					RunURL string `json:"run_url"`
				} `json:"provenance"`
				OnFrontier bool `json:"on_frontier"`
			} `json:"points"`
		} `json:"curves"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	for _, c := range doc.Curves {
		for _, p := range c.Points {
			shown++
			if p.OnFrontier {
				front = append(front, p.Prov.RunURL)
			}
		}
	}
	slices.Sort(front)
	return front, shown
}

// skylineRows writes n synthetic rows over about curves curves (the speed
// figures' shape) and returns the file and its bytes.
func skylineRows(t *testing.T, n, curves int) (string, []byte) {
	t.Helper()
	data := synth.Rows(n, curves)
	path := filepath.Join(t.TempDir(), "rows.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, data
}

func TestAllDatesFrontierIsTheRowsSkyline(t *testing.T) {
	noUserConfig(t)
	for _, size := range []struct{ rows, curves int }{{3000, 12}, {6000, 1000}} {
		path, data := skylineRows(t, size.rows, size.curves)
		got, shown := reportFrontier(t, path)
		if shown != size.rows {
			t.Errorf("%d rows over %d curves: %d points shown, want every row", size.rows, size.curves, shown)
		}
		want := windowSkyline(t, data)
		if len(want) < 12 || !slices.Equal(got, want) {
			t.Errorf("%d rows over %d curves: frontier of %d points, the rows' skyline %d (first differences: %v)",
				size.rows, size.curves, len(got), len(want), firstDiff(got, want))
		}
	}
}

func TestAllDatesFrontierIsDuckDBSkyline(t *testing.T) {
	modules := os.Getenv("SWEEPTUNE_DUCKDB_MODULES")
	if modules == "" {
		t.Skip("SWEEPTUNE_DUCKDB_MODULES names no node_modules with @duckdb/node-api")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not installed")
	}
	noUserConfig(t)
	// The script resolves its import from the node_modules beside it.
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "skyline.mjs"), readTestdata(t, "duckdb/skyline.mjs"), 0o644); err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(modules)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(abs, filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	path, _ := skylineRows(t, 20000, 1000)
	frontPath := filepath.Join(dir, "front.txt")
	cmd := exec.Command(node, filepath.Join(dir, "skyline.mjs"), path, os.DevNull, frontPath)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("node skyline.mjs: %v: %s", err, out)
	}
	b, err := os.ReadFile(frontPath)
	if err != nil {
		t.Fatal(err)
	}
	duck := strings.Fields(string(b))
	slices.Sort(duck)
	got, _ := reportFrontier(t, path)
	if len(duck) < 1000 || !slices.Equal(got, duck) {
		t.Errorf("frontier of %d points, DuckDB's %d (first differences: %v)", len(got), len(duck), firstDiff(got, duck))
	}
}

// firstDiff is up to three run URLs in one sorted list and not the other.
func firstDiff(a, b []string) []string {
	var out []string
	for i, j := 0, 0; (i < len(a) || j < len(b)) && len(out) < 3; {
		switch {
		case j == len(b) || (i < len(a) && a[i] < b[j]):
			out = append(out, "+"+a[i])
			i++
		case i == len(a) || b[j] < a[i]:
			out = append(out, "-"+b[j])
			j++
		default:
			i, j = i+1, j+1
		}
	}
	return out
}
