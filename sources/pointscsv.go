package sources

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/sweeptune/sweeptune/model"
)

// Points table as CSV: a header row naming the columns (any order, any
// subset), one point per row, an empty cell meaning absent. A bad cell
// skips its row with a warning naming the line and column.

func init() {
	register(format{name: "points table (CSV)", priority: 45, sniff: sniffPointsCSV, parse: parsePointsCSV})
}

// csvKnobColumns are the non-metric columns; metric columns are any name
// model.ParseMetric accepts.
var csvKnobColumns = map[string]bool{
	"label": true, "source": true, "mode": true, "model": true, "hardware": true, "framework": true,
	"precision": true, "scenario": true, "prefill-workers": true, "prefill-gpus": true, "prefill-tp": true,
	"prefill-ep": true, "prefill-dp-attn": true, "decode-workers": true, "decode-gpus": true, "decode-tp": true,
	"decode-ep": true, "decode-dp-attn": true, "decode-bs": true, "max-running-requests": true,
	"extra-slots": true, "load-balance": true, "concurrency": true, "duration-s": true,
	"gpus": true, "image": true, "date": true, "run-url": true, "spec-decoding": true, "acceptance-length": true,
}

func csvColumn(name string) (known, metric bool) {
	if csvKnobColumns[name] {
		return true, false
	}
	_, ok := model.ParseMetric(name)
	return ok, ok
}

func sniffPointsCSV(data []byte) bool {
	h := head(data, 4096)
	if i := bytes.IndexByte(h, '\n'); i >= 0 {
		h = h[:i]
	}
	if len(h) == 0 || h[0] == '{' || h[0] == '[' || !bytes.Contains(h, []byte(",")) {
		return false
	}
	known := 0
	hasConc := false
	for _, f := range strings.Split(string(h), ",") {
		f = strings.ToLower(strings.Trim(strings.TrimSpace(f), `"`))
		if ok, _ := csvColumn(f); ok {
			known++
		}
		hasConc = hasConc || f == "concurrency" || f == "label"
	}
	return hasConc && known >= 2
}

func parsePointsCSV(path string, data []byte, ds *Dataset) {
	r := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\ufeff"))))
	r.FieldsPerRecord = -1 // short rows are reported by us, with their line
	r.TrimLeadingSpace = true
	header, err := r.Read()
	if err != nil {
		ds.Warnf(path, "line 1", "cannot read the header row: %v", csvErr(err))
		return
	}
	// One point a line at most: grown once, not by doubling (a point is
	// large, and a million copied over and over was most of the parse).
	ds.Points = slices.Grow(ds.Points, bytes.Count(data, []byte{'\n'}))
	cols := make([]string, len(header))
	for i, h := range header {
		cols[i] = strings.ToLower(strings.TrimSpace(h))
		if ok, _ := csvColumn(cols[i]); !ok && cols[i] != "" {
			ds.Warnf(path, fmt.Sprintf("line 1, column %d", i+1), "unknown column %q ignored", h)
			cols[i] = ""
		}
	}
	for {
		rec, err := r.Read()
		if err == io.EOF {
			return
		}
		if err != nil {
			ds.Warnf(path, "", "%v; rows after it not read", csvErr(err))
			return
		}
		line, _ := r.FieldPos(0)
		if allEmpty(rec) {
			continue
		}
		p, col, err := csvPoint(cols, rec)
		if err != nil {
			field := fmt.Sprintf("line %d", line)
			if col >= 0 {
				field += fmt.Sprintf(", column %d (%s)", col+1, colName(cols, col))
			}
			ds.Warnf(path, field, "%v; row skipped", err)
			continue
		}
		p.Prov.File = path
		ds.Points = append(ds.Points, p)
	}
}

func colName(cols []string, i int) string {
	if i >= 0 && i < len(cols) && cols[i] != "" {
		return cols[i]
	}
	return "?"
}

func allEmpty(rec []string) bool {
	for _, f := range rec {
		if strings.TrimSpace(f) != "" {
			return false
		}
	}
	return true
}

func csvErr(err error) string {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return fmt.Sprintf("line %d, column %d: %v", pe.Line, pe.Column, pe.Err)
	}
	return err.Error()
}

// csvPoint builds the point of one row, or names the column at fault.
func csvPoint(cols, rec []string) (model.Point, int, error) {
	p := model.Point{Source: model.SourceLocal}
	k := &p.Knobs
	var mode string
	for i, raw := range rec {
		v := strings.TrimSpace(raw)
		if i >= len(cols) {
			if v != "" {
				return p, i, fmt.Errorf("value %q beyond the header's %d columns", v, len(cols))
			}
			continue
		}
		c := cols[i]
		if v == "" || c == "" {
			continue
		}
		var err error
		switch c {
		case "label":
			p.Label = v
		case "source":
			s, ok := model.ParseSource(v)
			if !ok {
				err = fmt.Errorf("unknown source %q (want published, local, planned or competitor)", v)
			}
			p.Source = s
		case "mode":
			mode = v
		case "model":
			p.Curve.Model = v
		case "hardware":
			p.Curve.Hardware = v
		case "framework":
			p.Curve.Framework = v
		case "precision":
			p.Curve.Precision = v
		case "scenario":
			p.Curve.Scenario = v
		case "prefill-workers":
			err = csvInt(v, &k.Prefill.Workers)
		case "prefill-gpus":
			err = csvGPUs(v, &k.Prefill.GPUs)
		case "prefill-tp":
			err = csvInt(v, &k.Prefill.TP)
		case "prefill-ep":
			err = csvInt(v, &k.Prefill.EP)
		case "prefill-dp-attn":
			err = csvBool(v, &k.Prefill.DPAttn)
		case "decode-workers":
			err = csvInt(v, &k.Decode.Workers)
		case "decode-gpus":
			err = csvGPUs(v, &k.Decode.GPUs)
		case "decode-tp":
			err = csvInt(v, &k.Decode.TP)
		case "decode-ep":
			err = csvInt(v, &k.Decode.EP)
		case "decode-dp-attn":
			err = csvBool(v, &k.Decode.DPAttn)
		case "decode-bs":
			err = csvInt(v, &k.DecodeBS)
		case "max-running-requests":
			err = csvInt(v, &k.MaxRunningRequests)
		case "extra-slots":
			err = csvInt(v, &k.DecodeExtraSlots)
		case "load-balance":
			k.Balance = v
		case "concurrency":
			err = csvInt(v, &k.Concurrency)
		case "gpus":
			err = csvGPUs(v, &p.GPUCount)
		case "duration-s":
			err = csvFloat(v, &p.Prov.DurationS)
		case "acceptance-length":
			err = csvFloat(v, &k.AcceptanceLength)
		case "image":
			p.Prov.Image = v
		case "date":
			p.Prov.Date = v
		case "run-url":
			p.Prov.RunURL = v
		case "spec-decoding":
			k.SpecDecoding = v
		default:
			m, _ := model.ParseMetric(c)
			var x float64
			if err = csvFloat(v, &x); err == nil {
				p.Metrics.Set(m, x)
			}
		}
		if err != nil {
			return p, i, err
		}
	}
	col := func(name string) int {
		for i, c := range cols {
			if c == name {
				return i
			}
		}
		return -1
	}
	switch mode {
	case "agg":
		k.Mode = model.ModeAgg
		if k.Prefill.Workers == 0 {
			k.Prefill.Workers = 1
		}
	case "disagg":
		k.Mode = model.ModeDisagg
		if k.Prefill.Workers == 0 || k.Decode.Workers == 0 {
			return p, col("prefill-workers"), fmt.Errorf("a disagg point needs prefill-workers and decode-workers")
		}
	case "":
		if p.Label == "" {
			return p, col("mode"), fmt.Errorf("a point without mode needs a label to be named by")
		}
		return p, -1, nil
	default:
		return p, col("mode"), fmt.Errorf("%q is neither agg nor disagg", mode)
	}
	if k.Concurrency <= 0 {
		return p, col("concurrency"), fmt.Errorf("missing (a point needs its concurrency)")
	}
	// GPUs per worker default to TP, and TP to GPUs, as in the YAML table.
	for _, r := range []*model.Role{&k.Prefill, &k.Decode} {
		if r.TP == 0 {
			r.TP = r.GPUs
		}
		if r.GPUs == 0 {
			r.GPUs = r.TP
		}
	}
	return p, -1, nil
}

func csvInt(v string, dst *int) error {
	n, err := strconv.Atoi(v)
	if err != nil {
		return fmt.Errorf("%q is not a whole number", v)
	}
	if n < 0 || strings.HasPrefix(v, "-") {
		return fmt.Errorf("negative (%s)", v)
	}
	*dst = n
	return nil
}

// csvGPUs reads a GPU count given in a cell: at least 1.
func csvGPUs(v string, dst *int) error {
	if n, err := strconv.Atoi(v); err == nil && n == 0 {
		return fmt.Errorf("want at least 1 GPU, got %s", v)
	}
	return csvInt(v, dst)
}

// separators are the thousands separators csvFloat drops.
var separators = strings.NewReplacer(",", "", "_", "")

func csvFloat(v string, dst *float64) error {
	// Thousands separators as pasted from a PR description: "1,033,494".
	clean := v
	if strings.ContainsAny(v, ",_") { // a replacer built per cell cost a quarter of a large load
		clean = separators.Replace(v)
	}
	x, err := strconv.ParseFloat(clean, 64)
	if err != nil {
		return fmt.Errorf("%q is not a number", v)
	}
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return fmt.Errorf("%s is not a finite number", v)
	}
	if x < 0 {
		return fmt.Errorf("negative (%v)", x)
	}
	*dst = x
	return nil
}

func csvBool(v string, dst *bool) error {
	b, err := strconv.ParseBool(strings.ToLower(v))
	if err != nil {
		return fmt.Errorf("%q is not true or false", v)
	}
	*dst = b
	return nil
}
