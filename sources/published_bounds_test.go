package sources

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// gzipOf compresses data.
func gzipOf(t testing.TB, data []byte) []byte {
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	zw.Write(data)
	zw.Close()
	return b.Bytes()
}

// bomb is valid API rows padded with n spaces, gzipped: about 1000:1.
func bomb(t testing.TB, rows []byte, n int) []byte {
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	zw.Write(rows[:len(rows)-1])
	pad := bytes.Repeat([]byte{' '}, 1<<20)
	for i := 0; i < n>>20; i++ {
		zw.Write(pad)
	}
	zw.Write([]byte("]"))
	zw.Close()
	return b.Bytes()
}

// server serves whatever the test sets, gzipped when asked.
type server struct {
	body   []byte
	gzip   bool
	header func(http.Header)
	srv    *httptest.Server
}

func newServer(t *testing.T) *server {
	s := &server{}
	s.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.gzip {
			w.Header().Set("Content-Encoding", "gzip")
		}
		if s.header != nil {
			s.header(w.Header())
		}
		w.Write(s.body)
	}))
	t.Cleanup(s.srv.Close)
	return s
}

// A 256 MB body of valid JSON in a 260 KB gzip used to be read whole
// (under the 1 GiB limit, which counted decompressed bytes only) and
// cached; now the ratio stops it after 16 MB, the good cache is served,
// and the fetch allocates a small fraction of the body.
func TestPublishedGzipBombIsRefused(t *testing.T) {
	good := readFixture(t, "api-rows.json")
	s := newServer(t)
	f := PublishedFetcher{CacheDir: t.TempDir()}
	s.body, s.gzip = gzipOf(t, good), true
	ds := &Dataset{}
	f.Fetch(s.srv.URL, Options{}, ds)
	if len(ds.Points) != 3 || len(ds.Notices) != 0 {
		t.Fatalf("gzip response: %d points, warnings %v notices %v", len(ds.Points), ds.Warnings, ds.Notices)
	}

	s.body = bomb(t, good, 256<<20)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	ds = &Dataset{}
	f.Fetch(s.srv.URL, Options{}, ds)
	runtime.ReadMemStats(&after)
	if len(ds.Points) != 3 || len(ds.Notices) != 1 || !strings.Contains(ds.Notices[0], "refused as a gzip bomb") {
		t.Fatalf("bomb of %d bytes: %d points, warnings %v notices %v", len(s.body), len(ds.Points), ds.Warnings, ds.Notices)
	}
	alloc := after.TotalAlloc - before.TotalAlloc
	t.Logf("refused bomb: %d bytes on the wire, %d KB allocated", len(s.body), alloc>>10)
	if alloc > 32<<20 {
		t.Errorf("the refused bomb cost %d MB of allocations", alloc>>20)
	}
	if cached, _ := os.ReadFile(f.CachePath(s.srv.URL)); !bytes.Equal(cached, good) {
		t.Errorf("the bomb replaced the cache (%d bytes)", len(cached))
	}
	leftovers, _ := os.ReadDir(f.CacheDir)
	if len(leftovers) != 2 { // the body and its record (validators, fetch time)
		t.Errorf("cache directory holds %d files", len(leftovers))
	}
}

// Both bounds hold, with and without a declared length, compressed or not.
func TestPublishedSizeBounds(t *testing.T) {
	good := readFixture(t, "api-rows.json")
	s := newServer(t)
	s.header = func(h http.Header) { h.Set("Content-Length", strconv.Itoa(len(s.body))) }
	for _, tc := range []struct {
		name       string
		body       []byte
		gzip       bool
		wire, json int64
		want       string
	}{
		{"declared length over the wire bound", good, false, 1000, 1 << 20, "response of " + strconv.Itoa(len(good)) + " bytes, more than the 1000 allowed"},
		{"gzip over the JSON bound", gzipOf(t, good), true, 1 << 20, 1000, "decompresses to more than the 1000 bytes allowed"},
		{"identity over the JSON bound", good, false, 1 << 20, 1000, "decompresses to more than the 1000 bytes allowed"},
	} {
		s.body, s.gzip = tc.body, tc.gzip
		ds := &Dataset{}
		PublishedFetcher{CacheDir: t.TempDir(), MaxWire: tc.wire, MaxBody: tc.json}.Fetch(s.srv.URL, Options{}, ds)
		if len(ds.Points) != 0 || len(ds.Warnings) != 1 || !strings.Contains(ds.Warnings[0].Msg, tc.want) {
			t.Errorf("%s: %d points, warnings %v", tc.name, len(ds.Points), ds.Warnings)
		}
	}
	// Chunked (no declared length): stopped while reading.
	big := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for range 100 {
			w.Write(good)
			w.(http.Flusher).Flush()
		}
	}))
	defer big.Close()
	ds := &Dataset{}
	PublishedFetcher{CacheDir: t.TempDir(), MaxWire: 20000}.Fetch(big.URL, Options{}, ds)
	if len(ds.Warnings) != 1 || !strings.Contains(ds.Warnings[0].Msg, "response larger than the 20000 bytes allowed") {
		t.Errorf("chunked: warnings %v", ds.Warnings)
	}
}

// A truncated or partly bad response used to replace the last good cache
// as long as one row loaded.
func TestPublishedBadResponseNeverReplacesTheCache(t *testing.T) {
	good := readFixture(t, "api-rows.json")
	s := newServer(t)
	dir := t.TempDir()
	f := PublishedFetcher{CacheDir: dir}
	s.body = good
	f.Fetch(s.srv.URL, Options{}, &Dataset{})

	cut := good[:bytes.LastIndex(good, []byte(`"metrics"`))]
	badRow := bytes.Replace(good, []byte(`"conc": 16`), []byte(`"conc": "sixteen"`), 1)
	if bytes.Equal(badRow, good) {
		t.Fatal("fixture changed: no conc 16")
	}
	gz := gzipOf(t, good)
	for _, tc := range []struct {
		name   string
		body   []byte
		gzip   bool
		header func(http.Header)
		points int
		warn   string
		notice string
	}{
		{"JSON cut after two rows", cut, false, nil, 3, "", "served from cache of"},
		{"gzip stream cut", gz[:len(gz)/2], true, nil, 3, "", "served from cache of"},
		{"body shorter than its Content-Length", good, false, func(h http.Header) { h.Set("Content-Length", strconv.Itoa(len(good)+100)) }, 3, "", "served from cache of"},
		{"one bad row", badRow, false, nil, 2, "want a number, got a string", "1 rows of the response skipped: not cached"},
	} {
		s.body, s.gzip, s.header = tc.body, tc.gzip, tc.header
		ds := &Dataset{}
		f.Fetch(s.srv.URL, Options{}, ds)
		if len(ds.Points) != tc.points || len(ds.Notices) != 1 || !strings.Contains(ds.Notices[0], tc.notice) {
			t.Errorf("%s: %d points, warnings %v, notices %v", tc.name, len(ds.Points), ds.Warnings, ds.Notices)
		}
		if tc.warn != "" && (len(ds.Warnings) != 1 || !strings.Contains(ds.Warnings[0].Msg, tc.warn)) {
			t.Errorf("%s: warnings %v", tc.name, ds.Warnings)
		}
		if cached, _ := os.ReadFile(f.CachePath(s.srv.URL)); !bytes.Equal(cached, good) {
			t.Errorf("%s replaced the cache", tc.name)
		}
	}
	s.header = nil

	// With no cache to fall back on, a cut response still gives its rows.
	s.body = cut
	ds := &Dataset{}
	PublishedFetcher{CacheDir: t.TempDir()}.Fetch(s.srv.URL, Options{}, ds)
	if len(ds.Points) != 2 || len(ds.Warnings) != 1 || !strings.Contains(ds.Warnings[0].Msg, "2 rows before it loaded") {
		t.Errorf("cut, no cache: %d points, warnings %v", len(ds.Points), ds.Warnings)
	}
}
