package sources

// Inputs is what a front end was asked to read: paths (files or
// directories) and the InferenceX API URL of published results.
type Inputs struct {
	Paths     []string
	Options   Options
	Published string // API URL; "" fetches nothing
	CacheDir  string // published cache; "" is DefaultPublishedCacheDir()
}

// Empty reports that nothing was named: front ends show the embedded demo.
func (in Inputs) Empty() bool { return len(in.Paths) == 0 && in.Published == "" }

// Load reads the paths and fetches the published results (through the
// cache, so that the next start works offline).
func (in Inputs) Load() *Dataset {
	ds := LoadPaths(in.Paths, in.Options)
	if in.Published != "" {
		dir := in.CacheDir
		if dir == "" {
			dir = DefaultPublishedCacheDir()
		}
		PublishedFetcher{CacheDir: dir}.Fetch(in.Published, in.Options, ds)
	}
	return ds
}
