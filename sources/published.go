package sources

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/sweeptune/sweeptune/model"
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
	sum := sha256.Sum256([]byte(url))
	return filepath.Join(f.CacheDir, hex.EncodeToString(sum[:12])+".json")
}

// Fetch adds the published points of url to ds (joined with its recipe
// variants, IDs reassigned). Only a whole, clean response replaces the
// cached copy. A failed, truncated or unreadable one serves the cached copy
// with a notice (or, with no cache, whatever rows it held, with warnings);
// a response with bad rows is used, with its warnings, and not cached.
func (f PublishedFetcher) Fetch(url string, opt Options, ds *Dataset) {
	got := &Dataset{}
	body, tmp, err := f.get(url)
	if tmp != "" {
		defer os.Remove(tmp) // renamed into the cache when good; gone otherwise
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
		if cerr := f.store(url, tmp, body); cerr != nil {
			got.Notices = append(got.Notices, fmt.Sprintf("%s: not cached for offline use: %v", url, cerr))
		}
	default:
		cached, when, cerr := f.load(url)
		switch {
		case cerr == nil:
			got = &Dataset{}
			parseAPIRowsAs(url, cached, got, model.SourcePublished)
			got.Notices = append(got.Notices, fmt.Sprintf("%s: served from cache of %s (%v)", url, when.Format("2006-01-02 15:04"), err))
		case partial != nil:
			got = partial // no cache: the rows before the fault, with its warning
		default:
			ds.Files++
			ds.Warnf(url, "", "cannot fetch published results (%v) and no cached copy", err)
			return
		}
	}
	got.Files = 1
	if opt.Source != "" {
		for i := range got.Points {
			got.Points[i].Source = opt.Source
		}
	}
	ds.Merge(got)
	Join(ds, opt)
	model.ResolveSpecs(ds.Points)
	model.AssignIDs(ds.Points)
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
func (f PublishedFetcher) get(url string) (body []byte, tmp string, err error) {
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
	resp, err := c.Do(req)
	if err != nil {
		return nil, "", err
	}
	defer resp.Body.Close()
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
	if err := os.MkdirAll(f.CacheDir, 0o755); err != nil {
		return err
	}
	t, err := os.CreateTemp(f.CacheDir, ".fetch-*")
	if err != nil {
		return err
	}
	_, werr := t.Write(body)
	cerr := t.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(t.Name(), f.CachePath(url))
	}
	if werr != nil {
		os.Remove(t.Name())
	}
	return werr
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
