package sources

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

func TestPublishedFetchCacheAndOffline(t *testing.T) {
	body := readFixture(t, "api-rows.json")
	status := http.StatusOK
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(status)
		if status == http.StatusOK {
			w.Write(body)
		}
	}))
	defer srv.Close()
	url := srv.URL + "/api/v1/benchmarks?model=dsv41flash"
	f := PublishedFetcher{CacheDir: filepath.Join(t.TempDir(), "published")}

	// Online: the points load and the body is cached.
	ds := &Dataset{}
	f.Fetch(url, Options{}, ds)
	noWarnings(t, ds)
	if len(ds.Points) != 3 || len(ds.Notices) != 0 {
		t.Fatalf("online: %d points, notices %v", len(ds.Points), ds.Notices)
	}
	p := findPoint(t, ds, "7p1d-dep2-dep16-c5540")
	if p.Source != model.SourcePublished || p.Prov.File != url {
		t.Errorf("source %s file %s", p.Source, p.Prov.File)
	}
	cached, err := os.ReadFile(f.CachePath(url))
	if err != nil || string(cached) != string(body) {
		t.Fatalf("cache: %v", err)
	}

	// The server fails: the cache is served with a notice, not a warning.
	status = http.StatusInternalServerError
	ds = &Dataset{}
	f.Fetch(url, Options{}, ds)
	noWarnings(t, ds)
	if len(ds.Points) != 3 || len(ds.Notices) != 1 || !strings.Contains(ds.Notices[0], "served from cache of ") ||
		!strings.Contains(ds.Notices[0], "500") {
		t.Fatalf("server error: %d points, notices %v", len(ds.Points), ds.Notices)
	}

	// The network is gone: still the cache.
	srv.Close()
	ds = &Dataset{}
	f.Fetch(url, Options{}, ds)
	noWarnings(t, ds)
	if len(ds.Points) != 3 || len(ds.Notices) != 1 {
		t.Fatalf("offline: %d points, notices %v", len(ds.Points), ds.Notices)
	}

	// Neither network nor cache: one warning naming the URL.
	ds = &Dataset{}
	PublishedFetcher{CacheDir: t.TempDir()}.Fetch(url, Options{}, ds)
	if len(ds.Points) != 0 || len(ds.Warnings) != 1 || ds.Warnings[0].File != url ||
		!strings.Contains(ds.Warnings[0].Msg, "no cached copy") {
		t.Fatalf("no cache: %d points, warnings %v", len(ds.Points), ds.Warnings)
	}
}

// A body that is not API rows (an HTML error page with 200) is a failure:
// it is neither cached nor allowed to replace the cached copy.
func TestPublishedGarbageBodyKeepsCache(t *testing.T) {
	good := readFixture(t, "api-rows.json")
	serve := good
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write(serve) }))
	defer srv.Close()
	f := PublishedFetcher{CacheDir: t.TempDir()}
	f.Fetch(srv.URL, Options{}, &Dataset{})
	serve = []byte("<html>maintenance</html>")
	ds := &Dataset{}
	f.Fetch(srv.URL, Options{}, ds)
	noWarnings(t, ds)
	if len(ds.Points) != 3 || len(ds.Notices) != 1 {
		t.Fatalf("%d points, notices %v", len(ds.Points), ds.Notices)
	}
	if cached, _ := os.ReadFile(f.CachePath(srv.URL)); string(cached) != string(good) {
		t.Error("the garbage body replaced the cache")
	}
}

// Fetched points join the already-loaded dataset: IDs stay unique.
func TestPublishedMergesWithLoaded(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write(readFixture(t, "api-rows.json"))
	}))
	defer srv.Close()
	ds := LoadPaths([]string{fixture("agentx-agg-7p-c5540.json")}, Options{})
	PublishedFetcher{CacheDir: t.TempDir()}.Fetch(srv.URL, Options{}, ds)
	noWarnings(t, ds)
	if len(ds.Points) != 4 || ds.Points[0].ID != "7p1d-dep2-dep16-c5540" || ds.Points[2].ID != "7p1d-dep2-dep16-c5540@published" {
		t.Fatalf("ids: %v", []string{ds.Points[0].ID, ds.Points[2].ID})
	}
}
