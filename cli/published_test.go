package cli

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
)

// --published caches under the user cache directory (XDG_CACHE_HOME here).
func TestPublishedCachesInUserCacheDir(t *testing.T) {
	cache := userCache(t)
	body := readTestdata(t, "results/api-rows.json")
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
