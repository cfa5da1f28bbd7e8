package cli

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

type reportDoc struct {
	Curves []struct {
		Points []struct {
			ID         string `json:"id"`
			OnFrontier bool   `json:"on_frontier"`
			HullVertex bool   `json:"hull_vertex"`
			Suspect    *struct {
				Rule   string `json:"rule"`
				Reason string `json:"reason"`
			} `json:"suspect"`
		} `json:"points"`
	} `json:"curves"`
	Published []struct {
		URL       string `json:"url"`
		FetchedAt string `json:"fetched_at"`
		SHA256    string `json:"sha256"`
		FromCache bool   `json:"from_cache"`
		Status    string `json:"status"`
	} `json:"published"`
	Warnings []string `json:"warnings"`
}

func parseReport(t *testing.T, out string) reportDoc {
	t.Helper()
	var d reportDoc
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatalf("report --json: %v\n%s", err, out)
	}
	return d
}

// The TPU row at tp 1 (29,399 tok/s/GPU, 8× its TP8 siblings, its total
// the TP8 c64 row's) and srtctl's 0-token run are suspect, named on stderr
// with their rule, marked, and off the frontier; --include-suspect brings
// them in.
func TestSuspectPointsKeptOutByDefault(t *testing.T) {
	paths := []string{"../testdata/suspect/tpu-tp1-row.json", "../testdata/srtctl"}
	out, stderr, code := runCmd(t, append([]string{"report", "--json"}, paths...)...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, s := range []string{
		"agg-tp1-c64 (../testdata/suspect/tpu-tp1-row.json) is suspect, rule implausible: 29,399 tok/s/GPU on 1 GPU is 7.9×",
		"is suspect, rule zero-output: the run reports 0 output tokens",
		"2 suspect points (zero-output 1, implausible 1) shown but kept out of frontiers, hulls, reviews and fits; --include-suspect brings them in",
	} {
		if !strings.Contains(stderr, s) {
			t.Errorf("stderr lacks %q:\n%s", s, stderr)
		}
	}
	marked := map[string]bool{}
	for _, c := range parseReport(t, out).Curves {
		for _, p := range c.Points {
			if p.Suspect != nil {
				marked[p.Suspect.Rule] = true
				if p.OnFrontier {
					t.Errorf("suspect %s on the frontier", p.ID)
				}
			}
			if p.ID == "agg-tp8-c64" && !(p.OnFrontier && p.HullVertex) {
				t.Errorf("TP8 c64 is not the hull vertex any more: %+v", p)
			}
		}
	}
	if !marked["implausible"] || !marked["zero-output"] {
		t.Errorf("marked %v", marked)
	}
	text, _, _ := runCmd(t, append([]string{"report"}, paths...)...)
	if !strings.Contains(text, "suspect (implausible)") || !strings.Contains(text, "suspect (zero-output)") {
		t.Errorf("the text table does not mark them:\n%s", text)
	}

	out, stderr, _ = runCmd(t, append([]string{"report", "--json", "--include-suspect"}, paths...)...)
	if !strings.Contains(stderr, "brought into frontiers, hulls, reviews and fits by --include-suspect") {
		t.Errorf("stderr %s", stderr)
	}
	for _, c := range parseReport(t, out).Curves {
		for _, p := range c.Points {
			if p.ID == "agg-tp1-c64" && !p.OnFrontier {
				t.Error("--include-suspect: the TP1 row is not brought in")
			}
		}
	}
}

// --model asks the API once per model (names resolve to the dashboard's
// display name); a second run sends the validators and gets 304; report
// --json says where the points came from; --offline asks nothing.
func TestModelFlagAgainstLocalAPI(t *testing.T) {
	userCache(t)
	body := readTestdata(t, "srtctl/published/api-rows.json")
	var mu sync.Mutex
	var seen []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.URL.RequestURI()+" inm="+r.Header.Get("If-None-Match"))
		mu.Unlock()
		if r.Header.Get("If-None-Match") == `"v1"` {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Header().Set("ETag", `"v1"`)
		w.Write(body)
	}))
	defer srv.Close()
	args := []string{"report", "--json", "--api", srv.URL, "--model", "dsr1", "--model", "nvidia/DeepSeek-R1-0528-NVFP4-v2", "--model", "GLM-5", "../testdata/srtctl"}
	out, stderr, code := runCmd(t, args...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if len(seen) != 2 || seen[0] != "/api/v1/benchmarks?model=DeepSeek-R1-0528 inm=" || seen[1] != "/api/v1/benchmarks?model=GLM-5 inm=" {
		t.Fatalf("requests %q: want one per model", seen)
	}
	d := parseReport(t, out)
	if len(d.Published) != 2 || d.Published[0].URL != srv.URL+"/api/v1/benchmarks?model=DeepSeek-R1-0528" ||
		d.Published[0].FromCache || len(d.Published[0].SHA256) != 64 || d.Published[0].FetchedAt == "" {
		t.Fatalf("published %+v", d.Published)
	}
	if n := len(d.Curves); n != 1 {
		t.Errorf("%d curves: the local srtctl runs and the published rows should make one", n)
	}

	seen = nil
	out, _, _ = runCmd(t, args...)
	if len(seen) != 2 || !strings.HasSuffix(seen[0], `inm="v1"`) {
		t.Fatalf("second run sent %q", seen)
	}
	if d = parseReport(t, out); !d.Published[0].FromCache || d.Published[0].Status != "not modified" {
		t.Errorf("second run %+v", d.Published)
	}

	seen = nil
	out, stderr, _ = runCmd(t, "report", "--json", "--offline", "--api", srv.URL, "--model", "dsr1", "../testdata/srtctl")
	if len(seen) != 0 || !strings.Contains(stderr, "served from cache of ") {
		t.Errorf("--offline: requests %q, stderr %s", seen, stderr)
	}
	if d = parseReport(t, out); len(d.Published) != 1 || !d.Published[0].FromCache {
		t.Errorf("--offline %+v", d.Published)
	}

	// Repeatable --published: both URLs fetched, in order.
	seen = nil
	runCmd(t, "report", "--json", "--published", srv.URL+"/a", "--published", srv.URL+"/b")
	if len(seen) != 2 || !strings.HasPrefix(seen[0], "/a") || !strings.HasPrefix(seen[1], "/b") {
		t.Errorf("--published twice: %q", seen)
	}

	if _, stderr, code := runCmd(t, "report", "--model", "no-such-model"); code != exitBadInput || !strings.Contains(stderr, "the dashboard has no such model") {
		t.Errorf("unknown model: exit %d %s", code, stderr)
	}
}
