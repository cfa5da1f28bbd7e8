package cli

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// --published caches under the user cache directory (XDG_CACHE_HOME here).
func TestPublishedCachesInUserCacheDir(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", t.TempDir())
	body, err := os.ReadFile(filepath.Join("..", "testdata", "results", "api-rows.json"))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write(body) }))
	defer srv.Close()
	out, stderr, code := runCmd(t, "report", "--json", "--published", srv.URL)
	if code != exitOK || stderr != "" || strings.Count(out, `"id":`) != 3 {
		t.Fatalf("exit %d, stderr %q, points in %s", code, stderr, out)
	}
	files, _ := filepath.Glob(filepath.Join(cache, "sweeptune", "published", "*.json"))
	if len(files) != 2 || !strings.HasSuffix(files[1], ".meta.json") { // the body and its record
		t.Errorf("cache files %v", files)
	}
}
