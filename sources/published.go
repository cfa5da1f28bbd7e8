package sources

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/sweeptune/sweeptune/model"
)

// PublishedFetcher fetches published results (InferenceX API rows) over
// HTTP and keeps the last good body per URL so the next start works
// offline. Tests point it at an httptest server and a temporary cache.
type PublishedFetcher struct {
	Client   *http.Client // nil: a client with PublishedTimeout
	CacheDir string       // where bodies are cached; "" disables the cache
}

// PublishedTimeout bounds one fetch so an unreachable API falls back to
// the cache quickly.
const PublishedTimeout = 20 * time.Second

// maxPublishedBody guards against a runaway response.
const maxPublishedBody = 1 << 30

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
// variants, IDs reassigned). On failure it serves the cached copy with a
// notice; only when neither works is there a warning.
func (f PublishedFetcher) Fetch(url string, opt Options, ds *Dataset) {
	got := &Dataset{}
	body, err := f.get(url)
	if err == nil {
		parseAPIRowsAs(url, body, got, model.SourcePublished)
		if len(got.Points) == 0 {
			err = fmt.Errorf("the response holds no InferenceX API rows")
			if len(got.Warnings) > 0 {
				err = fmt.Errorf("the response holds no usable rows (%s)", got.Warnings[0].Msg)
			}
		}
	}
	if err == nil {
		if cerr := f.store(url, body); cerr != nil {
			got.Notices = append(got.Notices, fmt.Sprintf("%s: not cached for offline use: %v", url, cerr))
		}
	} else {
		got = &Dataset{}
		cached, when, cerr := f.load(url)
		if cerr != nil {
			ds.Files++
			ds.Warnf(url, "", "cannot fetch published results (%v) and no cached copy", err)
			return
		}
		parseAPIRowsAs(url, cached, got, model.SourcePublished)
		got.Notices = append(got.Notices, fmt.Sprintf("%s: served from cache of %s (%v)", url, when.Format("2006-01-02 15:04"), err))
	}
	got.Files = 1
	if opt.Source != "" {
		for i := range got.Points {
			got.Points[i].Source = opt.Source
		}
	}
	ds.Merge(got)
	Join(ds, opt)
	model.AssignIDs(ds.Points)
}

func (f PublishedFetcher) get(url string) ([]byte, error) {
	c := f.Client
	if c == nil {
		c = &http.Client{Timeout: PublishedTimeout}
	}
	resp, err := c.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return nil, fmt.Errorf("HTTP %s", resp.Status)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxPublishedBody+1))
	if err != nil {
		return nil, err
	}
	if len(body) > maxPublishedBody {
		return nil, fmt.Errorf("response larger than %d bytes", maxPublishedBody)
	}
	return body, nil
}

// store writes the body atomically (temp file + rename) so a crash never
// leaves a half cache that would later be served.
func (f PublishedFetcher) store(url string, body []byte) error {
	if f.CacheDir == "" {
		return fmt.Errorf("no user cache directory")
	}
	if err := os.MkdirAll(f.CacheDir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(f.CacheDir, ".fetch-*")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(body)
	cerr := tmp.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), f.CachePath(url))
	}
	if werr != nil {
		os.Remove(tmp.Name())
	}
	return werr
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
	body, err := os.ReadFile(p)
	return body, info.ModTime(), err
}
