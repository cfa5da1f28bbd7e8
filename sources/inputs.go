package sources

import (
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/sweeptune/sweeptune/model"
)

// Inputs is what a front end was asked to read: paths (files or
// directories) and the published results: API URLs, and models to ask the
// dashboard's API for.
type Inputs struct {
	Paths   []string
	Options Options
	// Published is one API URL (the old single --published); URLs are
	// more. Models are asked of API (DefaultAPI when ""), one request per
	// model, as of Date ("" for the latest).
	Published string
	URLs      []string
	Models    []string
	Date      string
	API       string
	CacheDir  string // published cache; "" is DefaultPublishedCacheDir()
	Offline   bool   // serve published results from the cache only
}

// DefaultAPI is the public InferenceX dashboard.
const DefaultAPI = "https://inferencex.semianalysis.com"

// Empty reports that nothing was named: front ends show the embedded demo.
func (in Inputs) Empty() bool {
	return len(in.Paths) == 0 && in.Published == "" && len(in.URLs) == 0 && len(in.Models) == 0
}

// PublishedQuery is the dashboard API's URL for one model's results
// (GET <api>/api/v1/benchmarks?model=<display name>[&date=YYYY-MM-DD]). The
// model may be given as the dashboard's key (dsr1), any name it resolves
// (deepseek-ai/DeepSeek-R1-0528) or its display name.
func PublishedQuery(api, name, date string) (string, error) {
	display, ok := model.DashboardModel(strings.TrimSpace(name))
	if !ok {
		return "", fmt.Errorf("--model %q: the dashboard has no such model (it has %s)", name, strings.Join(model.DashboardModels(), ", "))
	}
	if date != "" {
		if _, err := time.Parse("2006-01-02", date); err != nil {
			return "", fmt.Errorf("--date %q: want a date YYYY-MM-DD", date)
		}
	}
	if api == "" {
		api = DefaultAPI
	}
	u, err := url.Parse(strings.TrimRight(api, "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("--api %q: want an http(s) URL", api)
	}
	q := url.Values{"model": {display}}
	if date != "" {
		q.Set("date", date)
	}
	u.Path += "/api/v1/benchmarks"
	u.RawQuery = q.Encode()
	return u.String(), nil
}

// PublishedURLs are the URLs the inputs name, each once, in order: the
// given URLs, then one query per model; a model that cannot be asked for
// is an error, the others still come.
func (in Inputs) PublishedURLs() ([]string, []error) {
	var errs []error
	var out []string
	seen := map[string]bool{}
	add := func(u string) {
		if u != "" && !seen[u] {
			seen[u] = true
			out = append(out, u)
		}
	}
	add(in.Published)
	for _, u := range in.URLs {
		add(u)
	}
	for _, m := range in.Models {
		u, err := PublishedQuery(in.API, m, in.Date)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		add(u)
	}
	return out, errs
}

// Load reads the paths and fetches the published results (through the
// cache, so that the next start works offline). A model the dashboard
// does not know is a warning; the rest still loads.
func (in Inputs) Load() *Dataset {
	ds := LoadPaths(in.Paths, in.Options)
	urls, errs := in.PublishedURLs()
	for _, err := range errs {
		ds.Files++
		ds.Warnf("published", "", "%v", err)
	}
	dir := in.CacheDir
	if dir == "" {
		dir = DefaultPublishedCacheDir()
	}
	for _, u := range urls {
		PublishedFetcher{CacheDir: dir, Offline: in.Offline}.Fetch(u, in.Options, ds)
	}
	return ds
}
