package cli

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/sweeptune/sweeptune/sources"
)

// The hook caches under the user cache directory (XDG_CACHE_HOME here).
func TestFetchPublishedHookCachesInUserCacheDir(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", t.TempDir())
	body, err := os.ReadFile(filepath.Join("..", "testdata", "results", "api-rows.json"))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write(body) }))
	defer srv.Close()
	ds := &sources.Dataset{}
	fetchPublished(srv.URL, sources.Options{}, ds)
	if len(ds.Points) != 3 || len(ds.Warnings) != 0 {
		t.Fatalf("%d points, warnings %v", len(ds.Points), ds.Warnings)
	}
	files, _ := filepath.Glob(filepath.Join(cache, "sweeptune", "published", "*.json"))
	if len(files) != 1 {
		t.Errorf("cache files %v", files)
	}
}
