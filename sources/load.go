package sources

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"

	"github.com/sweeptune/sweeptune/internal/mem"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/model/numbering"
)

// Options steer a load.
type Options struct {
	// GPUs is the GPU count for results that carry none (AIPerf exports)
	// and match no recipe variant; 0 means unknown.
	GPUs int
	// Source overrides the source tag of result files; "" keeps each
	// format's default (points tables say their own).
	Source model.Source
	// RecipesOnly reads recipe files only (sweeptune recipes): files of
	// other known formats are passed over without a word.
	RecipesOnly bool
	// PrepareLatest has the load find the measurements a view shows as of
	// LatestAsOf ("" for no limit) and scan the runs' lengths
	// (model.ScanRuns) on a second core, beside its last passes:
	// Dataset.PreparedLatest, Dataset.PreparedRuns.
	PrepareLatest bool
	LatestAsOf    string
	// LatestAllDates prepares every measurement on or before LatestAsOf
	// (--all-dates) instead of the latest: Dataset.PreparedDated.
	LatestAllDates bool
	// CollectsItself is set by a caller that collects the load's garbage
	// itself once its own passes are done (the workbench, before its
	// first frame): the load then starts no collection of its own, and
	// the heap is marked once, not twice.
	CollectsItself bool
	// KeepNumbers has the load keep its numbering of every point's curve,
	// configuration and run day (numbering.Numbers, made beside its last
	// passes from the naming's facts): Dataset.Numbers. The workbench
	// groups its points and numbers its curves' configurations from it.
	KeepNumbers bool
	// InputBytes is InputSize of the paths when the caller has it (0:
	// LoadPaths walks them for it).
	InputBytes int64
	// Stdin is what the path "-" reads (StdinPath); nil: "-" is refused.
	Stdin io.Reader
}

// LoadPaths reads files and directories (recursively), detecting each file's
// format from its content, joins result points with recipe variants, and
// assigns point IDs. Bad files become warnings; good files still load.
func LoadPaths(paths []string, opt Options) *Dataset {
	later := opt.InputBytes
	if later == 0 {
		later, _ = InputSize(paths)
	}
	ds := &Dataset{laterBytes: later}
	for _, p := range paths {
		loadPath(p, opt, ds)
	}
	finish(ds, opt)
	return ds
}

// collectAfterMin is the point count from which a load ends with a
// collection.
const collectAfterMin = 250000

// collectAfterLoad collects the garbage of a large load (the arrays its
// last passes used, mem.UseScratch, and what the parse left) before the
// caller's own passes allocate: they then reuse its pages instead of
// growing the process by as much again. The collector would not run by
// itself before the heap doubles what the parse left live (the points). A
// million API rows: peak 1,060 → 934 MiB, at no cost in CPU (fewer pages
// faulted in pay for it). The collection runs beside the caller, which
// does not wait for it. It starts when the marking and naming are done
// and the pool has let their arrays go: started while the pool held
// them, it could not free them. With the pool, a million rows peaked at
// 948 MiB, not 1,011 (wall A/B 0.96).
func collectAfterLoad(points int) {
	if points >= collectAfterMin {
		go runtime.GC()
	}
}

// InputSize is the size of the regular files under paths, and the
// largest one's: what a load will read (an estimate: files no format
// takes count too).
func InputSize(paths []string) (total, largest int64) {
	for _, p := range paths {
		filepath.WalkDir(p, func(_ string, d fs.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() {
				if info, err := d.Info(); err == nil {
					total += info.Size()
					largest = max(largest, info.Size())
				}
			}
			return nil
		})
	}
	return total, largest
}

// LoadBytes reads one in-memory file as if it were at path.
func LoadBytes(path string, data []byte, opt Options) *Dataset {
	ds := &Dataset{}
	loadFile(path, data, opt, ds)
	finish(ds, opt)
	return ds
}

// LoadFiles reads in-memory files (the embedded demo's tables by letter)
// as one dataset.
func LoadFiles(names []string, data [][]byte, opt Options) *Dataset {
	ds := ReadFiles(names, data, opt)
	ds.Finish(opt)
	return ds
}

// ReadFiles is LoadFiles up to the load's end: each file read, nothing
// joined, named or marked yet. The embedded demo is compiled in as this
// (sources/demo), so a command on it starts at Finish.
func ReadFiles(names []string, data [][]byte, opt Options) *Dataset {
	ds := &Dataset{}
	for i := range names {
		loadFile(names[i], data[i], opt, ds)
	}
	return ds
}

// Finish ends a load ReadFiles began: the joins, the curves' completion,
// the marking and the naming. Call it once.
func (ds *Dataset) Finish(opt Options) { finish(ds, opt) }

func finish(ds *Dataset, opt Options) {
	model.CanonicalHardware(ds.Points) // before the join: one curve per hardware
	joinDumps(ds)
	Join(ds, opt)
	settle(ds)
	dropUnsafeRows(ds) // textsafe.go: after the joins, whose indices it would move
	model.CanonicalModels(ds.Points)
	model.ResolveSpecs(ds.Points)
	notes, numbered := model.CompleteCurvesNumbered(ds.Points)
	ds.Notices = append(ds.Notices, notes...)
	var latest []int
	var runs *model.RunScan
	var numbers *numbering.Numbers
	alongside := func(curves *model.CurveNumbering, facts *numbering.NamingFacts) {
		if opt.KeepNumbers {
			numbers = numbering.NumbersFrom(facts, curves)
		}
		if !opt.PrepareLatest {
			return
		}
		if opt.LatestAllDates {
			latest = model.DatedIndex(ds.Points, opt.LatestAsOf)
		} else {
			latest = numbering.LatestIndexFrom(ds.Points, facts, curves, opt.LatestAsOf)
		}
		// after the marking (suspect runs are not learnt from), on
		// the core the naming leaves idle at its end
		runs = model.ScanRuns(ds.Points)
	}
	curves := markAndName(ds.Points, numbered, alongside, !opt.CollectsItself)
	if opt.PrepareLatest {
		ds.latest = newPreparedLatest(ds.Points, opt.LatestAsOf, opt.LatestAllDates, latest, curves, runs)
	}
	if numbers != nil {
		ds.numbers = &keptNumbers{numbers: numbers, n: len(ds.Points), first: &ds.Points[0]}
	}
}

// concurrentFinishMin is the point count from which markAndName runs its
// two steps at once.
const concurrentFinishMin = 20000

// markAndName marks implausible points and gives every point its ID, and
// runs alongside, which reads neither, all three on one numbering of the
// points' curves (curves, or made here when nil), which it returns. The two read the same fields
// (curve, source, knobs, metrics, run health) and each writes only its own
// (Suspicion, ID), so on a large load they run at once, on two cores,
// alongside after the marking (naming is the longer: the cores then share
// the work about evenly); a test under the race detector
// (TestMarkAndNameAtOnce) holds them to that. alongside may read the
// facts the naming's first pass shares (numbering.LatestIndexFrom waits for
// them).
func markAndName(points []model.Point, curves *model.CurveNumbering, alongside func(*model.CurveNumbering, *numbering.NamingFacts), collect bool) *model.CurveNumbering {
	endScratch := mem.UseScratch() // the three take each other's arrays
	defer endScratch()             // on a panic too
	if curves == nil {
		curves = model.NumberCurves(points) // read by all three, written by none
	}
	facts := numbering.NewNamingFacts()
	if len(points) < concurrentFinishMin || runtime.GOMAXPROCS(0) < 2 {
		model.MarkImplausibleNumbered(points, curves)
		numbering.AssignIDsSharing(points, curves, facts)
		alongside(curves, facts)
		facts.Release()
		endScratch()
		if collect {
			collectAfterLoad(len(points))
		}
		return curves
	}
	var crashed any
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer func() { crashed = recover() }()
		model.MarkImplausibleNumbered(points, curves)
		alongside(curves, facts)
	}()
	numbering.AssignIDsSharing(points, curves, facts)
	<-done
	facts.Release()
	endScratch()
	if collect {
		collectAfterLoad(len(points))
	}
	if crashed != nil {
		// raised again on the caller's goroutine, where the workbench
		// can catch it and restore the terminal
		panic(fmt.Sprintf("marking implausible points: %v", crashed))
	}
	return curves
}

func loadPath(p string, opt Options, ds *Dataset) {
	if p == StdinPath {
		loadStdin(opt, ds)
		return
	}
	info, err := os.Stat(p)
	if err != nil {
		ds.Files++
		ds.Warnf(p, "", "cannot read: %v", unwrapPathErr(err))
		return
	}
	if !info.IsDir() {
		readAndLoad(p, opt, ds)
		return
	}
	warned := len(ds.Warnings)
	files := walkData(p, info, ds)
	if len(files) == 0 && len(ds.Warnings) == warned {
		ds.Files++
		ds.Warnf(p, "", "a directory with no data files in it")
	}
	sort.Strings(files)
	for _, f := range files {
		readAndLoad(f, opt, ds)
	}
}

func readAndLoad(path string, opt Options, ds *Dataset) { readAndLoadMapping(path, opt, ds, loadMaps) }

// readAndLoadMapping is readAndLoad mapping the files rule says.
func readAndLoadMapping(path string, opt Options, ds *Dataset, rule mapRule) {
	fd, err := openData(path, rule)
	var big TooLargeError
	switch {
	case errors.As(err, &big), errors.Is(err, BinaryError{}):
		ds.Files++
		ds.Warnf(path, "", "%v", err)
		return
	case err != nil:
		ds.Files++
		ds.Warnf(path, "", "cannot read: %v", unwrapPathErr(err))
		return
	}
	ds.laterBytes = max(ds.laterBytes-int64(len(fd.data)), 0)
	if fd.mapped {
		defer fd.release()
		if loadMapped(path, fd, opt, ds) {
			return
		}
		fd.inMemory()
	}
	loadFile(path, fd.data, opt, ds)
}

// loadMapped parses a mapped file when its format's parser takes a mapping
// (keeps none of its bytes: every string a copy); false, having done
// nothing, for any other file, which is then read into memory.
//
// The file can change under the mapping. One cut short faults on its lost
// pages: the parse runs with faults raised as panics (in its workers too),
// and a panic while the file is no longer the size or age it was mapped at
// drops what the file gave and warns instead; a panic of an unchanged file
// is a bug and goes on up.
func loadMapped(path string, fd *fileData, opt Options, ds *Dataset) (parsed bool) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	data := bytes.TrimPrefix(fd.data, utf8BOM)
	bom := len(fd.data) - len(data)
	if len(bytes.TrimSpace(head(data, 64))) == 0 || isZip(data) || isBinary(data) {
		return false
	}
	f := detect(data)
	if f == nil || f.parseMapped == nil || opt.RecipesOnly && !f.recipe {
		return false
	}
	ds.Files++
	points, warnings := len(ds.Points), len(ds.Warnings)
	defer func() {
		if r := recover(); r != nil {
			if !fd.changed() {
				panic(r)
			}
			ds.Points, ds.Warnings = ds.Points[:points], ds.Warnings[:warnings]
			ds.Warnf(path, "", "changed while being read; file skipped")
			parsed = true
		}
	}()
	f.parseMapped(path, data, mappedFile{fd.f, bom}, ds)
	overrideSource(ds.Points[points:], opt)
	return true
}

// overrideSource gives points the source the options say, if any.
func overrideSource(points []model.Point, opt Options) {
	if opt.Source != "" {
		for i := range points {
			points[i].Source = opt.Source
		}
	}
}

func loadFile(path string, data []byte, opt Options, ds *Dataset) {
	ds.Files++
	data = bytes.TrimPrefix(data, utf8BOM) // editors on Windows write one; no parser wants it
	if len(strings.TrimSpace(string(head(data, 64)))) == 0 {
		ds.Warnf(path, "", "empty file")
		return
	}
	if isZip(data) {
		ds.Files-- // each entry counts
		loadZip(path, data, opt, ds)
		return
	}
	if isBinary(data) {
		ds.Warnf(path, "", "binary file, not a known format")
		return
	}
	f := detect(data)
	if f == nil {
		ds.Warnf(path, "", "%s", unknownFormat(path, data))
		return
	}
	if opt.RecipesOnly && !f.recipe {
		return
	}
	before := len(ds.Points)
	f.parse(path, data, ds)
	overrideSource(ds.Points[before:], opt)
}

var utf8BOM = []byte("\ufeff")

// isProse names documentation files a directory walk passes over; a file
// named on the command line is always read.
func isProse(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".md", ".markdown", ".rst", ".txt", ".pdf", ".png", ".jpg", ".svg", ".html",
		".tsv", ".log": // manifests and run logs beside results
		return true
	}
	return false
}

// unknownFormat says why a file was not recognised: damaged JSON, or YAML
// named .yaml/.yml (a truncated download, a bad edit), by its first error;
// else the formats sweeptune knows. The name only words the message: a
// TSV is not "invalid YAML".
func unknownFormat(path string, data []byte) string {
	ext := strings.ToLower(filepath.Ext(path))
	if h := head(data, 1); len(h) > 0 && (h[0] == '{' || h[0] == '[') {
		s := &jsonScan{data: data}
		s.skip()
		s.atEnd()
		if s.err != nil {
			return fmt.Sprintf("invalid JSON (%v); file skipped", s.err)
		}
	} else if ext == ".yaml" || ext == ".yml" {
		if _, _, err := loadYAML(data, yamlPlain); err != nil && strings.HasPrefix(err.Error(), "not valid YAML") {
			return err.Error() + "; file skipped"
		}
	}
	return "unknown format (not InferenceX rows, a result file, AIPerf export, srt-slurm recipe, master config, changelog or points table)"
}
