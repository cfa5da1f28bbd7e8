package sources

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// --model builds one API query per model against the settable base; a
// second run sends the cached copy's validators and gets 304; offline runs
// use the cache and say so.
func TestPublishedModelsConditionalGET(t *testing.T) {
	body := readFixture(t, "api-rows.json")
	var mu sync.Mutex
	perModel := map[string]int{}
	var validators []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		if r.URL.Path != "/api/v1/benchmarks" {
			http.NotFound(w, r)
			return
		}
		m := r.URL.Query().Get("model")
		perModel[m+"@"+r.URL.Query().Get("date")]++
		etag := `"v1-` + strings.ReplaceAll(m, " ", "") + `"`
		validators = append(validators, r.Header.Get("If-None-Match")+"|"+r.Header.Get("If-Modified-Since"))
		if r.Header.Get("If-None-Match") == etag {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Header().Set("ETag", etag)
		w.Header().Set("Last-Modified", "Mon, 20 Apr 2026 10:00:00 GMT")
		w.Write(body)
	}))
	defer srv.Close()
	in := Inputs{Models: []string{"dsr1", "DeepSeek-R1-0528", "nvidia/DeepSeek-R1-0528-NVFP4-v2", "kimik2.5"}, Date: "2026-04-20",
		API: srv.URL + "/", CacheDir: filepath.Join(t.TempDir(), "published")}
	urls, errs := in.PublishedURLs()
	if len(errs) > 0 || len(urls) != 2 {
		t.Fatalf("urls %v errs %v", urls, errs)
	}
	if urls[0] != srv.URL+"/api/v1/benchmarks?date=2026-04-20&model=DeepSeek-R1-0528" {
		t.Errorf("query %s", urls[0])
	}

	ds := in.Load()
	noWarnings(t, ds)
	if perModel["DeepSeek-R1-0528@2026-04-20"] != 1 || perModel["Kimi-K2.5@2026-04-20"] != 1 || len(perModel) != 2 {
		t.Fatalf("requests %v: want one per model", perModel)
	}
	if len(ds.Published) != 2 || ds.Published[0].FromCache || ds.Published[0].Status != "fetched" ||
		len(ds.Published[0].SHA256) != 64 || ds.Published[0].FetchedAt == "" || ds.Published[0].URL != urls[0] {
		t.Fatalf("published %+v", ds.Published)
	}
	first := ds.Published[0]

	// Again: the validators go out, the server says 304, the cache serves.
	validators = nil
	ds = in.Load()
	noWarnings(t, ds)
	if len(validators) != 2 || validators[0] != `"v1-DeepSeek-R1-0528"|Mon, 20 Apr 2026 10:00:00 GMT` {
		t.Fatalf("validators sent %q", validators)
	}
	if len(ds.Points) != 6 || len(ds.Notices) != 0 {
		t.Fatalf("304: %d points, notices %v", len(ds.Points), ds.Notices)
	}
	if p := ds.Published[0]; !p.FromCache || p.Status != "not modified" || p.SHA256 != first.SHA256 || p.FetchedAt != first.FetchedAt {
		t.Errorf("304 record %+v (first %+v)", p, first)
	}

	// The network is gone: the cache, said.
	srv.Close()
	ds = in.Load()
	noWarnings(t, ds)
	if len(ds.Points) != 6 || len(ds.Notices) != 2 || !strings.Contains(ds.Notices[0], "served from cache of ") {
		t.Fatalf("offline: %d points, notices %v", len(ds.Points), ds.Notices)
	}
	if p := ds.Published[1]; !p.FromCache || p.Status != "offline: cached copy" || p.SHA256 == "" {
		t.Errorf("offline record %+v", p)
	}
	// Offline by choice: no request at all.
	in.Offline = true
	if ds = in.Load(); len(ds.Points) != 6 || !ds.Published[0].FromCache {
		t.Errorf("--offline: %d points %+v", len(ds.Points), ds.Published)
	}
}

func TestPublishedQueryRefusesUnknown(t *testing.T) {
	if _, err := PublishedQuery("", "Qwen/Qwen3-0.6B", ""); err == nil || !strings.Contains(err.Error(), "the dashboard has no such model (it has DeepSeek-R1-0528, GLM-5") {
		t.Errorf("err %v", err)
	}
	if _, err := PublishedQuery("ftp://x", "dsr1", ""); err == nil {
		t.Error("ftp API accepted")
	}
	if _, err := PublishedQuery("", "dsr1", "2026-13-01"); err == nil {
		t.Error("bad date accepted")
	}
	if u, _ := PublishedQuery("", "glm5", ""); u != DefaultAPI+"/api/v1/benchmarks?model=GLM-5" {
		t.Errorf("default API: %s", u)
	}
}
