// Package ledger records what the planner predicted before a run, so that
// the run, once measured, can score it (docs/ledger.md). One JSON line per
// prediction, plain enough to commit beside results; appends are atomic and
// safe with several processes appending at once.
package ledger

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/sources/reading"
)

// Version is the record schema this package writes. Read also accepts
// version 1 (docs/ledger.md): a record with the planner's Config in place
// of the knobs and no fit hashes or parameters.
const Version = 2

// KindPrediction is the only record kind written today; Read passes over
// other kinds quietly (a later version may add some).
const KindPrediction = "prediction"

// Origins name what recorded a prediction.
const (
	OriginPlan      = "plan"      // plan --record / --ledger
	OriginDesign    = "design"    // plan --design: every designed point
	OriginWorkbench = "workbench" // the planner pane's a
	OriginSelect    = "select"    // a selection's proposed runs
)

// Record is one prediction as the ledger keeps it.
type Record struct {
	V      int            `json:"v"`
	Kind   string         `json:"kind"`
	ID     string         `json:"id"` // "pred-" + 12 hex digits of the record's content
	At     time.Time      `json:"at"`
	Origin string         `json:"origin,omitempty"`
	Tool   string         `json:"tool"` // sweeptune version that wrote it
	Curve  model.CurveKey `json:"curve"`
	// Config is the configuration (model.Knobs.BaseID: shape and
	// concurrency) a measured run must have to score this prediction.
	Config      string      `json:"config"`
	Label       string      `json:"label,omitempty"`
	Knobs       model.Knobs `json:"knobs"`
	Concurrency int         `json:"concurrency"`
	Fit         Fit         `json:"fit"`
	// Params are the fitted model's parameters (nil in version 1 records).
	Params *planner.Params `json:"params,omitempty"`
	// Predicted holds the predicted metrics by their JSON names
	// (tput_per_gpu, mean_intvty, p90_intvty, mean_ttft …).
	Predicted    map[string]float64 `json:"predicted"`
	Regime       string             `json:"regime"`
	Extrapolated bool               `json:"extrapolated,omitempty"`
	// Class is the prediction's trust class (planner.TrustClass; "" in
	// records made before classes).
	Class    string   `json:"class,omitempty"`
	Warnings []string `json:"warnings,omitempty"`
	Image    string   `json:"image,omitempty"`
}

// Fit is the calibration set: the points' IDs and their files' content.
type Fit struct {
	IDs   []string   `json:"ids"`
	Files []FileHash `json:"files,omitempty"`
}

// FileHash is one source file of the fit set and its SHA-256; Error says why
// it could not be hashed (then SHA256 is empty).
type FileHash struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256,omitempty"`
	Error  string `json:"error,omitempty"`
}

// Metric is a predicted metric, if the record has it.
func (r *Record) Metric(m model.Metric) (float64, bool) {
	v, ok := r.Predicted[m.JSONName()]
	return v, ok
}

// ReadFunc reads a source file for hashing; "demo:…" names and the like are
// the caller's to resolve.
type ReadFunc func(path string) ([]byte, error)

// FitOf is the fit set of points: their IDs in order and each distinct
// source file's SHA-256 (read with read; os.ReadFile when nil).
func FitOf(points []model.Point, read ReadFunc) Fit {
	if read == nil {
		read = os.ReadFile
	}
	f := Fit{IDs: make([]string, len(points))}
	seen := map[string]bool{}
	for i := range points {
		f.IDs[i] = points[i].ID
		path := points[i].Prov.File
		if path == "" || seen[path] {
			continue
		}
		seen[path] = true
		h := FileHash{Path: path}
		if b, err := read(path); err != nil {
			h.Error = err.Error()
		} else {
			h.SHA256 = sources.Digest(b)
		}
		f.Files = append(f.Files, h)
	}
	return f
}

// New builds a record of one prediction: the calibration that made it, the
// fit set, the knobs predicted (concurrency included), and what recorded it.
func New(cal *planner.Calibration, fit Fit, curve model.CurveKey, knobs model.Knobs, pr planner.Prediction, origin string, at time.Time) Record {
	r := Record{V: Version, Kind: KindPrediction, At: at.UTC().Truncate(time.Second), Origin: origin, Tool: ToolVersion(),
		Curve: curve, Config: knobs.BaseID(), Label: knobs.ShortLabel(), Knobs: knobs, Concurrency: knobs.Concurrency,
		Fit: fit, Predicted: Predicted(cal, pr), Regime: string(pr.Regime), Extrapolated: pr.Extrapolated,
		Class: string(pr.Class), Warnings: pr.Warnings}
	if cal != nil {
		p := cal.Params
		r.Params = &p
	}
	r.Seal()
	return r
}

// Seal sets the record's ID from its content; call it after changing a
// field New set (the image).
func (r *Record) Seal() { r.ID = r.contentID() }

// KnobsFor is a planner configuration as knobs: the calibration template's
// topology with cfg's prefill workers and GPUs, decode ranks, cap, balancing
// and concurrency; as the workbench's planner does, max running requests
// follow the one rule (each decode worker's ranks × BS), prefill nodes the GPUs per node
// the decode role shows (DEP16 on 4 nodes: 4), extra slots are left unknown.
func KnobsFor(t model.Knobs, cfg planner.Config) model.Knobs {
	k := t
	k.Mode = model.ModeDisagg
	k.Prefill.Workers = cfg.PrefillWorkers
	if cfg.PrefillGPUs > 0 {
		k.Prefill.GPUs = cfg.PrefillGPUs
		if t.Prefill.TP == t.Prefill.GPUs {
			k.Prefill.TP = cfg.PrefillGPUs
			if t.Prefill.EP == t.Prefill.GPUs {
				k.Prefill.EP = cfg.PrefillGPUs
			}
		}
	}
	if cfg.DecodeRanks > 0 && cfg.DecodeRanks != t.DecodeRanks() {
		if k.Decode.DPAttn && k.Decode.Workers > 0 {
			k.Decode.TP = cfg.DecodeRanks / k.Decode.Workers
			k.Decode.EP = k.Decode.TP
			if cfg.DecodeGPUs > 0 {
				k.Decode.GPUs = cfg.DecodeGPUs / k.Decode.Workers
			}
		} else {
			k.Decode.Workers = cfg.DecodeRanks
		}
		k.Decode.Nodes = k.Decode.NodesAt(t.GPUsPerNode())
		k.DecodeRanksSet = 0
	}
	k.DecodeBS, k.Concurrency = cfg.DecodeBS, cfg.Concurrency
	if cfg.Balance != "" {
		k.Balance = cfg.Balance
	}
	k.MaxRunningRequests, k.DecodeExtraSlots = 0, 0
	k.MaxRunningRequests = k.WorkerMRR()
	k.Prefill.Nodes = k.Prefill.NodesAt(t.GPUsPerNode())
	return k
}

// Predicted is a prediction's metrics by JSON name: throughput per GPU and
// mean interactivity always, p90 interactivity and TTFT when the fit knows
// them (TTFT under the metric of the calibration's kind).
func Predicted(cal *planner.Calibration, pr planner.Prediction) map[string]float64 {
	out := map[string]float64{}
	put := func(m model.Metric, v float64) {
		if v > 0 && !math.IsInf(v, 0) && !math.IsNaN(v) {
			out[m.JSONName()] = v
		}
	}
	put(model.TputPerGPU, pr.TputPerGPU)
	put(model.MeanIntvty, pr.MeanIntvty)
	put(model.P90Intvty, pr.P90Intvty)
	if cal != nil && pr.TTFT > 0 {
		m := model.MeanTTFT
		switch cal.Params.TTFTKind {
		case "median":
			m = model.MedianTTFT
		case "p90":
			m = model.P90TTFT
		}
		put(m, pr.TTFT)
	}
	return out
}

// contentID hashes what the record says (not its ID).
func (r Record) contentID() string {
	r.ID = ""
	b, _ := json.Marshal(r)
	return "pred-" + sources.Digest(b)[:12] // the hash's first 6 bytes
}

// ToolVersion is sweeptune's module version and VCS revision, "devel" when
// the build carries neither.
func ToolVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "sweeptune devel"
	}
	v := bi.Main.Version
	if v == "" || v == "(devel)" {
		v = "devel"
	}
	for _, s := range bi.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			v += "+" + s.Value[:12]
		}
	}
	return "sweeptune " + v
}

// StateDir is the user state directory sweeptune keeps its files in
// (sources.StateDir): $XDG_STATE_HOME, else ~/.local/state, … with
// "sweeptune" appended. Session files and export backups live there too.
func StateDir() string { return sources.StateDir() }

// DefaultPath is the ledger plan --record writes: ledger.jsonl in StateDir.
func DefaultPath() string { return filepath.Join(StateDir(), "ledger.jsonl") }

// Append adds records to the ledger at path (AppendNew), quietly passing
// over records whose ID the ledger holds already.
func Append(path string, records ...Record) error {
	_, err := AppendNew(path, records...)
	return err
}

// AppendNew adds records to the ledger at path (created with its directory
// when missing), one JSON line each, in one write under an exclusive lock,
// so that two processes appending at once never interleave or lose a line.
// A record whose ID is in the ledger already is not written again: its ID
// is returned in skipped. A last line left without its newline (a write
// cut short) is closed first, so it stays one bad line and the new records
// stay whole. A ledger that is a symbolic link, not a regular file, or a
// non-empty file whose first line is not a ledger record is refused: a
// checkout may ship "ledger.jsonl -> ~/.bashrc".
func AppendNew(path string, records ...Record) (skipped []string, err error) {
	if len(records) == 0 {
		return nil, nil
	}
	recs := make([]Record, len(records))
	for i := range records {
		r := records[i]
		if r.V == 0 {
			r.V = Version
		}
		if r.Kind == "" {
			r.Kind = KindPrediction
		}
		if r.ID == "" {
			r.ID = r.contentID()
		}
		recs[i] = r
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("ledger %s: %w", path, err)
	}
	f, err := sources.OpenWritable(path, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("ledger %s: %w", path, reading.PathErr(err))
	}
	defer f.Close()
	// The ledger is only ever appended to, never replaced: a lock on it
	// keeps out every other appender.
	unlock, err := sources.LockFile(f, lockWait)
	if err != nil {
		return nil, fmt.Errorf("ledger %s: another process is appending (%v); try again", path, err)
	}
	defer unlock()
	have, open, err := existing(f)
	if err != nil {
		return nil, fmt.Errorf("ledger %s: %w", path, err)
	}
	var buf bytes.Buffer
	if open {
		buf.WriteByte('\n')
	}
	wrote := 0
	for i := range recs {
		if have[recs[i].ID] {
			skipped = append(skipped, recs[i].ID)
			continue
		}
		have[recs[i].ID] = true
		b, err := json.Marshal(recs[i])
		if err != nil {
			return nil, fmt.Errorf("ledger %s: record %d: %w", path, i+1, err)
		}
		buf.Write(b)
		buf.WriteByte('\n')
		wrote++
	}
	if wrote == 0 {
		return skipped, nil
	}
	if _, err := f.Write(buf.Bytes()); err != nil {
		return nil, fmt.Errorf("ledger %s: %w", path, err)
	}
	return skipped, f.Sync()
}

// lockWait is how long an append waits for another process's.
const lockWait = 10 * time.Second

// existing reads the ledger open in f: the IDs it holds, and whether its
// last byte is not a newline. A non-empty file whose first line is not a
// ledger record is refused.
func existing(f *os.File) (ids map[string]bool, open bool, err error) {
	st, err := f.Stat()
	if err != nil {
		return nil, false, err
	}
	ids = map[string]bool{}
	if st.Size() == 0 {
		return ids, false, nil
	}
	br := bufio.NewReaderSize(io.NewSectionReader(f, 0, st.Size()), 64<<10)
	first, err := readLine(br)
	if err != nil && err != io.EOF || !isRecordLine(first) {
		return nil, false, fmt.Errorf("its first line is not a ledger record: not a ledger, nothing appended (give --ledger a new file or a ledger)")
	}
	res, err := Parse(io.MultiReader(bytes.NewReader(append(first, '\n')), br))
	if err != nil {
		return nil, false, err
	}
	for _, r := range res.Records {
		ids[r.ID] = true
	}
	var b [1]byte
	if _, err := f.ReadAt(b[:], st.Size()-1); err != nil {
		return nil, false, err
	}
	return ids, b[0] != '\n', nil
}

// isRecordLine reports whether line is a ledger record of any kind: a JSON
// object with a version, a kind and an ID.
func isRecordLine(line []byte) bool {
	var head struct {
		V    int    `json:"v"`
		Kind string `json:"kind"`
		ID   string `json:"id"`
	}
	return json.Unmarshal(bytes.TrimSpace(bytes.TrimPrefix(line, []byte("\ufeff"))), &head) == nil && head.V > 0 && head.Kind != "" && head.ID != ""
}

// Problem is one line Read could not use.
type Problem struct {
	Line   int    `json:"line"`
	Reason string `json:"reason"`
}

// Result is what Read found.
type Result struct {
	Records  []Record  `json:"records"`
	Problems []Problem `json:"problems,omitempty"`
	// Skipped counts records of kinds this version does not know.
	Skipped int `json:"skipped,omitempty"`
}

// maxLine bounds one ledger line (a record is a few kilobytes).
const maxLine = 4 << 20

// Read reads a ledger. A missing file is an empty ledger. Lines it cannot
// use (bad JSON, a newer version, a truncated last line) are named in
// Problems and the rest is read; error is only for a file it cannot open.
func Read(path string) (Result, error) {
	f, err := sources.OpenReadable(path) // a named pipe must not hang
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		err = reading.PathErr(err)
	}
	if errors.Is(err, os.ErrNotExist) {
		return Result{}, nil
	}
	if err != nil {
		return Result{}, fmt.Errorf("ledger %s: %w", path, err)
	}
	defer f.Close()
	res, err := Parse(f)
	if err != nil {
		return res, fmt.Errorf("ledger %s: %w", path, err)
	}
	return res, nil
}

// Parse reads ledger lines from r (see Read).
func Parse(r io.Reader) (Result, error) {
	var res Result
	br := bufio.NewReaderSize(r, 64<<10)
	for n := 1; ; n++ {
		line, err := readLine(br)
		if len(line) == 0 && err == io.EOF {
			return res, nil
		}
		if err != nil && err != io.EOF {
			if errors.Is(err, errLong) {
				res.Problems = append(res.Problems, Problem{n, fmt.Sprintf("longer than %d bytes: not a ledger record", maxLine)})
				continue
			}
			return res, err
		}
		truncated := err == io.EOF // the last line has no newline
		if len(bytes.TrimSpace(line)) == 0 {
			if truncated {
				return res, nil
			}
			continue
		}
		rec, kind, perr := decode(line)
		switch {
		case perr != nil && truncated:
			res.Problems = append(res.Problems, Problem{n, "truncated: the last line ends without a newline (a write was cut short): " + perr.Error()})
		case perr != nil:
			res.Problems = append(res.Problems, Problem{n, perr.Error()})
		case kind != KindPrediction:
			res.Skipped++
		default:
			res.Records = append(res.Records, rec)
		}
		if truncated {
			return res, nil
		}
	}
}

var errLong = errors.New("line too long")

// readLine reads one line without its newline; io.EOF with the line when
// the input ends without one.
func readLine(br *bufio.Reader) ([]byte, error) {
	var out []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if len(out)+len(chunk) > maxLine {
			// Skip to the end of the line.
			for err == bufio.ErrBufferFull {
				_, err = br.ReadSlice('\n')
			}
			return nil, errLong
		}
		out = append(out, chunk...)
		switch err {
		case nil:
			return out[:len(out)-1], nil
		case bufio.ErrBufferFull:
			continue
		default:
			return out, err
		}
	}
}

// decode reads one record of any known version.
func decode(line []byte) (Record, string, error) {
	var head struct {
		V    *int   `json:"v"`
		Kind string `json:"kind"`
	}
	if err := json.Unmarshal(line, &head); err != nil {
		return Record{}, "", fmt.Errorf("not JSON: %v", shortErr(err))
	}
	if head.V == nil {
		return Record{}, "", errors.New(`no "v": not a ledger record`)
	}
	if head.Kind == "" {
		head.Kind = KindPrediction
	}
	switch v := *head.V; {
	case v > Version:
		return Record{}, head.Kind, fmt.Errorf("record version %d is newer than this sweeptune reads (%d): update sweeptune", v, Version)
	case v == 1:
		r, err := decodeV1(line)
		return r, head.Kind, err
	case v == Version:
		if head.Kind != KindPrediction {
			return Record{}, head.Kind, nil
		}
		var r Record
		if err := json.Unmarshal(line, &r); err != nil {
			return Record{}, head.Kind, fmt.Errorf("record: %v", shortErr(err))
		}
		return r, head.Kind, r.check()
	default:
		return Record{}, head.Kind, fmt.Errorf("record version %d is not one sweeptune wrote", v)
	}
}

// check names the fields a scorecard cannot do without.
func (r *Record) check() error {
	var miss []string
	if r.Config == "" {
		miss = append(miss, "config")
	}
	if len(r.Predicted) == 0 {
		miss = append(miss, "predicted")
	}
	for k, v := range r.Predicted {
		if math.IsNaN(v) || math.IsInf(v, 0) || v <= 0 {
			return fmt.Errorf("predicted.%s: %v is not a positive number", k, v)
		}
		if _, ok := model.ParseMetric(k); !ok {
			return fmt.Errorf("predicted.%s: not a metric", k)
		}
	}
	if len(miss) > 0 {
		return fmt.Errorf("record %s has no %s", r.ID, joinAnd(miss))
	}
	return nil
}

// v1Record is version 1: the planner's Config instead of knobs, the
// predicted values as planner.Values, the fit as bare IDs.
type v1Record struct {
	ID        string         `json:"id"`
	At        time.Time      `json:"at"`
	Curve     model.CurveKey `json:"curve"`
	Config    planner.Config `json:"config"`
	FitIDs    []string       `json:"fit_ids"`
	Predicted planner.Values `json:"predicted"`
	Regime    string         `json:"regime"`
	Image     string         `json:"image,omitempty"`
}

func decodeV1(line []byte) (Record, error) {
	var o v1Record
	if err := json.Unmarshal(line, &o); err != nil {
		return Record{}, fmt.Errorf("version 1 record: %v", shortErr(err))
	}
	k := knobsOfConfig(o.Config)
	c := o.Config
	r := Record{V: 1, Kind: KindPrediction, ID: o.ID, At: o.At, Curve: o.Curve, Config: k.BaseID(), Label: k.ShortLabel(),
		Knobs: k, Concurrency: c.Concurrency, Fit: Fit{IDs: o.FitIDs}, Predicted: map[string]float64{},
		Regime: o.Regime, Image: o.Image}
	for m, v := range map[model.Metric]*float64{model.TputPerGPU: o.Predicted.TputPerGPU, model.MeanIntvty: o.Predicted.MeanIntvty,
		model.P90Intvty: o.Predicted.P90Intvty, model.MeanTTFT: o.Predicted.TTFT} {
		if v != nil {
			r.Predicted[m.JSONName()] = *v
		}
	}
	if r.ID == "" {
		r.ID = r.contentID()
	}
	return r, r.check()
}

func shortErr(err error) string {
	s := err.Error()
	if len(s) > 120 {
		s = s[:120] + "…"
	}
	return s
}

func joinAnd(s []string) string {
	sort.Strings(s)
	out := ""
	for i, x := range s {
		switch {
		case i == 0:
		case i == len(s)-1:
			out += " or "
		default:
			out += ", "
		}
		out += x
	}
	return out
}

// String names a record in one line: "pred-… 7P BS96 c5540".
func (r Record) String() string { return r.ID + " " + r.Label }

// knobsOfConfig is the knobs a version 1 record's Config stands for: one
// decode worker; worker shapes from the shape labels (dep16, tep8, tp4),
// DP-attention with TP = EP = the GPUs per worker when none is given.
func knobsOfConfig(c planner.Config) model.Knobs {
	decGPUs := c.DecodeGPUs
	if decGPUs <= 0 {
		decGPUs = c.DecodeRanks
	}
	pre := roleOfShape(c.PrefillShape, c.PrefillGPUs, true)
	pre.Workers, pre.GPUs = c.PrefillWorkers, c.PrefillGPUs
	dec := roleOfShape(c.DecodeShape, decGPUs, c.DecodeShape == "" || c.DecodeDPAttn)
	dec.Workers, dec.GPUs = 1, decGPUs
	return model.Knobs{Mode: model.ModeDisagg, Prefill: pre, Decode: dec,
		DecodeBS: c.DecodeBS, Balance: c.Balance, Concurrency: c.Concurrency}
}

// roleOfShape reads a parallelism label: depN, tepN, tpN or tpNepM.
func roleOfShape(shape string, gpus int, dpDefault bool) model.Role {
	num := func(s string) int {
		n, err := strconv.Atoi(s)
		if err != nil || n <= 0 {
			return 0
		}
		return n
	}
	switch {
	case strings.HasPrefix(shape, "dep"):
		n := num(shape[3:])
		return model.Role{TP: n, EP: n, DPAttn: true}
	case strings.HasPrefix(shape, "tep"):
		n := num(shape[3:])
		return model.Role{TP: n, EP: n}
	case strings.HasPrefix(shape, "tp"):
		rest := shape[2:]
		if i := strings.Index(rest, "ep"); i > 0 {
			return model.Role{TP: num(rest[:i]), EP: num(rest[i+2:])}
		}
		return model.Role{TP: num(rest), EP: 1}
	}
	return model.Role{TP: gpus, EP: gpus, DPAttn: dpDefault}
}
