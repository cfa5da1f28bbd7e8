package cli

import "github.com/sweeptune/sweeptune/sources"

// --published URL: fetch InferenceX API rows, cached under the user cache
// directory so the next start works offline.
func init() {
	fetchPublishedHook = func(url string, opt sources.Options, ds *sources.Dataset) {
		sources.PublishedFetcher{CacheDir: sources.DefaultPublishedCacheDir()}.Fetch(url, opt, ds)
	}
}
