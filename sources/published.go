package sources

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/model/numbering"
)

// PublishedFetcher fetches published results (InferenceX API rows) over
// HTTP and keeps the last good body per URL so the next start works
// offline. Tests point it at an httptest server and a temporary cache.
type PublishedFetcher struct {
	Client   *http.Client // nil: a client with PublishedTimeout
	CacheDir string       // where bodies are cached; "" disables the cache

	// Bounds on one response; 0 takes the defaults below.
	MaxWire int64 // bytes on the wire (compressed)
	MaxBody int64 // bytes of JSON (decompressed)

	// Offline serves the cached copies without asking the network.
	Offline bool
}

// PublishedSource records where one published URL's points came from: the
// fetch time of the body used, its SHA-256, and whether it came from the
// cache (a 304 or no network).
type PublishedSource struct {
	URL       string `json:"url"`
	FetchedAt string `json:"fetched_at,omitempty"`
	SHA256    string `json:"sha256,omitempty"`
	FromCache bool   `json:"from_cache"`
	Status    string `json:"status"` // fetched, not modified, offline: cached copy, partial response, unavailable
}

var (
	errNotModified = fmt.Errorf("not modified")
	errOffline     = fmt.Errorf("offline")
)

// publishedMeta is the cache's record of a body: its validators and when
// it was fetched (<cache>/<hash>.meta.json).
type publishedMeta struct {
	URL          string `json:"url"`
	ETag         string `json:"etag,omitempty"`
	LastModified string `json:"last_modified,omitempty"`
	FetchedAt    string `json:"fetched_at"`
	CheckedAt    string `json:"checked_at,omitempty"`
	SHA256       string `json:"sha256"`
}

func (f PublishedFetcher) metaPath(url string) string {
	return strings.TrimSuffix(f.CachePath(url), ".json") + ".meta.json"
}

func (f PublishedFetcher) loadMeta(url string) (publishedMeta, error) {
	var m publishedMeta
	if f.CacheDir == "" {
		return m, fmt.Errorf("no cache directory")
	}
	data, err := ReadRegular(f.metaPath(url))
	if err != nil {
		return m, err
	}
	if err := json.Unmarshal(data, &m); err != nil || m.URL != url {
		return publishedMeta{}, fmt.Errorf("bad cache record")
	}
	return m, nil
}

// storeMeta writes the record next to the cached body (atomically: a torn
// record would send wrong validators).
func (f PublishedFetcher) storeMeta(url string, m publishedMeta) {
	if f.CacheDir == "" {
		return
	}
	m.URL = url
	data, err := json.Marshal(m)
	if err != nil {
		return
	}
	WriteFileAtomic(f.metaPath(url), data) // a record not written is a fetch next time
}

// PublishedTimeout bounds one fetch so an unreachable API falls back to
// the cache quickly.
const PublishedTimeout = 20 * time.Second

// Bounds on a response. The whole published dump is about 100 MB of JSON;
// a body is held in memory once (it streams to a temporary file first), so
// MaxBody is also the memory a fetch may take. A gzip bomb is stopped by the
// ratio long before MaxBody: JSON rows compress about 10:1, a bomb 1000:1.
const (
	defaultMaxWire = 256 << 20
	defaultMaxBody = 512 << 20
	maxGzipRatio   = 200      // decompressed:compressed, checked past ratioFloor
	ratioFloor     = 16 << 20 // small bodies may compress well for any reason
)

// DefaultPublishedCacheDir is <user cache dir>/sweeptune/published, or ""
// when the platform has no cache directory.
func DefaultPublishedCacheDir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "sweeptune", "published")
}

// CachePath is the cache file of url.
func (f PublishedFetcher) CachePath(url string) string {
	return filepath.Join(f.CacheDir, Digest([]byte(url))[:24]+".json") // the hash's first 12 bytes
}

// Fetch adds the published points of url to ds (joined with its recipe
// variants, IDs reassigned). Only a whole, clean response replaces the
// cached copy. A failed, truncated or unreadable one serves the cached copy
// with a notice (or, with no cache, whatever rows it held, with warnings);
// a response with bad rows is used, with its warnings, and not cached.
//
// The request carries the cached copy's validators (If-None-Match,
// If-Modified-Since); a 304 serves the cached copy without a body on the
// wire. ds.Published records where the points came from.
func (f PublishedFetcher) Fetch(url string, opt Options, ds *Dataset) {
	got := &Dataset{}
	src := PublishedSource{URL: url}
	meta, _ := f.loadMeta(url)
	var body []byte
	var tmp string
	var err error
	var resp publishedResp
	if f.Offline {
		err = errOffline
	} else {
		body, tmp, resp, err = f.get(url, meta)
	}
	if tmp != "" {
		defer os.Remove(tmp) // renamed into the cache when good; gone otherwise
	}
	if err == errNotModified {
		if cached, when, cerr := f.load(url); cerr == nil {
			parseAPIRowsAs(url, cached, got, model.SourcePublished)
			src.FromCache, src.Status = true, "not modified"
			src.FetchedAt, src.SHA256 = meta.FetchedAt, Digest(cached)
			if src.FetchedAt == "" {
				src.FetchedAt = when.UTC().Format(time.RFC3339)
			}
			meta.CheckedAt = time.Now().UTC().Format(time.RFC3339)
			f.storeMeta(url, meta)
			f.finishFetch(got, src, opt, ds)
			return
		}
		// A 304 with no cached copy (it was removed): ask again, plainly.
		body, tmp, resp, err = f.get(url, publishedMeta{})
		if tmp != "" {
			defer os.Remove(tmp)
		}
	}
	var partial *Dataset // rows of a response that is not whole
	if err == nil {
		parseAPIRowsAs(url, bytes.TrimPrefix(body, utf8BOM), got, model.SourcePublished)
		switch whole := fileLevel(got); {
		case len(got.Points) == 0 && whole != nil:
			err = fmt.Errorf("the response holds no usable rows (%s)", whole.Msg)
		case len(got.Points) == 0:
			err = fmt.Errorf("the response holds no InferenceX API rows")
		case whole != nil:
			err = fmt.Errorf("the response is not whole (%s)", whole.Msg)
			partial = got
		}
	}
	switch {
	case err == nil && len(got.Warnings) > 0:
		got.Notices = append(got.Notices, fmt.Sprintf("%s: %d rows of the response skipped: not cached, the last good copy is kept", url, len(got.Warnings)))
	case err == nil:
		now := time.Now().UTC().Format(time.RFC3339)
		src.FetchedAt, src.SHA256, src.Status = now, Digest(body), "fetched"
		if cerr := f.store(url, tmp, body); cerr != nil {
			got.Notices = append(got.Notices, fmt.Sprintf("%s: not cached for offline use: %v", url, cerr))
		} else {
			f.storeMeta(url, publishedMeta{URL: url, ETag: resp.etag, LastModified: resp.lastModified, FetchedAt: now, CheckedAt: now, SHA256: src.SHA256})
		}
	default:
		cached, when, cerr := f.load(url)
		switch {
		case cerr == nil:
			got = &Dataset{}
			parseAPIRowsAs(url, cached, got, model.SourcePublished)
			got.Notices = append(got.Notices, fmt.Sprintf("%s: served from cache of %s (%v)", url, when.Format("2006-01-02 15:04"), err))
			src.FromCache, src.Status, src.SHA256 = true, "offline: cached copy", Digest(cached)
			src.FetchedAt = meta.FetchedAt
			if src.FetchedAt == "" {
				src.FetchedAt = when.UTC().Format(time.RFC3339)
			}
		case partial != nil:
			got = partial // no cache: the rows before the fault, with its warning
			src.Status, src.SHA256 = "partial response", Digest(body)
			src.FetchedAt = time.Now().UTC().Format(time.RFC3339)
		default:
			ds.Files++
			ds.Warnf(url, "", "cannot fetch published results (%v) and no cached copy", err)
			ds.Published = append(ds.Published, PublishedSource{URL: url, Status: "unavailable"})
			return
		}
	}
	f.finishFetch(got, src, opt, ds)
}

// finishFetch merges one fetch's points into ds and re-joins.
func (f PublishedFetcher) finishFetch(got *Dataset, src PublishedSource, opt Options, ds *Dataset) {
	got.Files = 1
	got.Published = []PublishedSource{src}
	if opt.Source != "" {
		for i := range got.Points {
			got.Points[i].Source = opt.Source
		}
	}
	ds.Merge(got)
	ds.latest = nil // what the load prepared is of the points before these
	Join(ds, opt)
	model.ResolveSpecs(ds.Points)
	curves := model.NumberCurves(ds.Points)
	model.MarkImplausibleNumbered(ds.Points, curves)
	numbering.AssignIDs(ds.Points, curves)
}

// fileLevel is the first warning about the response as a whole (a syntax
// error, truncation), not about one row.
func fileLevel(ds *Dataset) *Warning {
	for i := range ds.Warnings {
		if ds.Warnings[i].Field == "" {
			return &ds.Warnings[i]
		}
	}
	return nil
}

// get fetches url within the bounds. The body streams to a temporary file
// in the cache directory (returned, for store to rename) and is read back
// at its exact size, so memory holds it once; without a cache directory it
// is read into memory.
func (f PublishedFetcher) get(url string, meta publishedMeta) (body []byte, tmp string, resp publishedResp, err error) {
	body, tmp, resp, err = f.getWith(url, meta)
	return
}

// publishedResp is what a response said about its body's version.
type publishedResp struct{ etag, lastModified string }

func (f PublishedFetcher) getWith(url string, meta publishedMeta) ([]byte, string, publishedResp, error) {
	var pr publishedResp
	body, tmp, err := f.fetchBody(url, meta, &pr)
	return body, tmp, pr, err
}

func (f PublishedFetcher) fetchBody(url string, meta publishedMeta, pr *publishedResp) (body []byte, tmp string, err error) {
	maxWire, maxBody := f.MaxWire, f.MaxBody
	if maxWire <= 0 {
		maxWire = defaultMaxWire
	}
	if maxBody <= 0 {
		maxBody = defaultMaxBody
	}
	c := f.Client
	if c == nil {
		c = &http.Client{Timeout: PublishedTimeout}
	}
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, "", err
	}
	// Asked for explicitly, gzip is not decompressed behind our back:
	// both the wire and the JSON are counted.
	req.Header.Set("Accept-Encoding", "gzip")
	if meta.ETag != "" {
		req.Header.Set("If-None-Match", meta.ETag)
	}
	if meta.LastModified != "" {
		req.Header.Set("If-Modified-Since", meta.LastModified)
	}
	resp, err := c.Do(req)
	if err != nil {
		return nil, "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusNotModified {
		return nil, "", errNotModified
	}
	pr.etag, pr.lastModified = resp.Header.Get("ETag"), resp.Header.Get("Last-Modified")
	if resp.StatusCode/100 != 2 {
		return nil, "", fmt.Errorf("HTTP %s", resp.Status)
	}
	if resp.ContentLength > maxWire {
		return nil, "", fmt.Errorf("response of %d bytes, more than the %d allowed", resp.ContentLength, maxWire)
	}
	wire := &countingReader{r: io.LimitReader(resp.Body, maxWire+1)}
	var r io.Reader = wire
	gzipped := false
	switch enc := strings.ToLower(resp.Header.Get("Content-Encoding")); enc {
	case "", "identity":
	case "gzip":
		gz, err := gzip.NewReader(wire)
		if err != nil {
			return nil, "", fmt.Errorf("bad gzip response: %v", err)
		}
		r, gzipped = gz, true
	default:
		return nil, "", fmt.Errorf("unsupported Content-Encoding %q", enc)
	}
	bw := &boundedWriter{wire: wire, maxWire: maxWire, maxBody: maxBody, ratio: gzipped}
	if f.CacheDir != "" && os.MkdirAll(f.CacheDir, 0o755) == nil {
		if t, terr := os.CreateTemp(f.CacheDir, ".fetch-*"); terr == nil {
			bw.w = t
			_, err = io.Copy(bw, r)
			if cerr := t.Close(); err == nil {
				err = cerr
			}
			if err == nil {
				body, err = ReadRegularMax(t.Name(), maxBody)
			}
			if err != nil {
				os.Remove(t.Name())
				return nil, "", err
			}
			return body, t.Name(), nil
		}
	}
	var buf bytes.Buffer
	if !gzipped && resp.ContentLength > 0 {
		buf.Grow(int(resp.ContentLength))
	}
	bw.w = &buf
	if _, err := io.Copy(bw, r); err != nil {
		return nil, "", err
	}
	return buf.Bytes(), "", nil
}

type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// boundedWriter passes the body on and stops it at a bound: too many bytes
// on the wire or of JSON, or (gzip) a ratio no JSON has.
type boundedWriter struct {
	w                io.Writer
	wire             *countingReader
	maxWire, maxBody int64
	ratio            bool
	n                int64
}

func (b *boundedWriter) Write(p []byte) (int, error) {
	b.n += int64(len(p))
	switch {
	case b.wire.n > b.maxWire:
		return 0, fmt.Errorf("response larger than the %d bytes allowed", b.maxWire)
	case b.n > b.maxBody:
		return 0, fmt.Errorf("response decompresses to more than the %d bytes allowed", b.maxBody)
	case b.ratio && b.n > ratioFloor && b.n > maxGzipRatio*b.wire.n:
		return 0, fmt.Errorf("response decompresses more than %d:1 (%d bytes from %d): refused as a gzip bomb", maxGzipRatio, b.n, b.wire.n)
	}
	return b.w.Write(p)
}

// store keeps a good body as the cache of url: the temporary file it was
// streamed to is renamed over the cache (atomic: a crash never leaves a
// half cache that would later be served), or the body is written to one.
func (f PublishedFetcher) store(url, tmp string, body []byte) error {
	if f.CacheDir == "" {
		return fmt.Errorf("no user cache directory")
	}
	if tmp != "" {
		return os.Rename(tmp, f.CachePath(url))
	}
	return WriteFileAtomic(f.CachePath(url), body)
}

// bodyLimit is MaxBody, or its default.
func (f PublishedFetcher) bodyLimit() int64 {
	if f.MaxBody > 0 {
		return f.MaxBody
	}
	return defaultMaxBody
}

func (f PublishedFetcher) load(url string) ([]byte, time.Time, error) {
	if f.CacheDir == "" {
		return nil, time.Time{}, fmt.Errorf("no cache directory")
	}
	p := f.CachePath(url)
	info, err := os.Stat(p)
	if err != nil {
		return nil, time.Time{}, err
	}
	body, err := ReadRegularMax(p, f.bodyLimit())
	return bytes.TrimPrefix(body, utf8BOM), info.ModTime(), err
}
