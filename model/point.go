package model

import "strings"

// Source tags where a point came from.
type Source string

const (
	SourcePublished  Source = "published"
	SourceLocal      Source = "local"
	SourcePlanned    Source = "planned"
	SourceCompetitor Source = "competitor"
)

// Sources lists the tags in display order.
var Sources = []Source{SourcePublished, SourceLocal, SourcePlanned, SourceCompetitor}

// ParseSource accepts one of the four tags.
func ParseSource(s string) (Source, bool) {
	for _, src := range Sources {
		if string(src) == s {
			return src, true
		}
	}
	return "", false
}

// CurveKey groups points as InferenceX plots them; agg and disagg of one
// framework share a curve. Scenario is the named scenario (agentic-coding)
// or the sequence lengths (1k1k, 8k1k); Spec is the speculative decoding
// method ("none" when a source says there is none, "" when unknown).
type CurveKey struct {
	Model     string `json:"model"`
	Scenario  string `json:"scenario"`
	Hardware  string `json:"hardware"`
	Framework string `json:"framework"`
	Precision string `json:"precision"`
	Spec      string `json:"spec_decoding,omitempty"`
}

// Unknown stands for a curve field no source gave: a curve's name is never blank.
const Unknown = "unknown"

// OrUnknown is s, or Unknown when s is empty.
func OrUnknown(s string) string {
	if s == "" {
		return Unknown
	}
	return s
}

// Fields are the key's fields in display order: model, scenario, hardware,
// framework, precision, spec decoding.
func (k CurveKey) Fields() [6]string {
	return [6]string{k.Model, k.Scenario, k.Hardware, k.Framework, k.Precision, k.Spec}
}

// FieldNames name the key's fields, in Fields order.
var FieldNames = [6]string{"model", "scenario", "hardware", "framework", "precision", "spec decoding"}

// FieldText is field i as the key's name shows it: its value, or
// "unknown scenario" when no input gave it, never an empty gap.
func (k CurveKey) FieldText(i int) string {
	if v := k.Fields()[i]; v != "" {
		return v
	}
	return Unknown + " " + FieldNames[i]
}

// String names the curve on one line: model · scenario · hardware ·
// framework · precision · spec decoding.
func (k CurveKey) String() string {
	var b strings.Builder
	for i := range FieldNames {
		if i > 0 {
			b.WriteString(" · ")
		}
		b.WriteString(k.FieldText(i))
	}
	return b.String()
}

// Provenance records where a point's numbers came from.
type Provenance struct {
	File   string `json:"file,omitempty"`    // file the point was read from ("demo:…" for the embedded demo)
	RunURL string `json:"run_url,omitempty"` // CI run that measured it
	// Branch is the branch an unofficial run (a pull request's sweep the
	// dashboard has not published) ran from; "" for the others.
	Branch    string  `json:"branch,omitempty"`
	Date      string  `json:"date,omitempty"`       // YYYY-MM-DD
	DurationS float64 `json:"duration_s,omitempty"` // run duration in seconds; 0 when unknown
	// ProjectedFromS is the run's own length when its metrics were
	// projected to DurationS (model.ProjectRuns); 0 for a raw run.
	ProjectedFromS float64 `json:"projected_from_s,omitempty"`
	// Raw are the run's own metrics when they were projected (the view
	// shows the projection, --json keeps both); nil for a raw run.
	Raw   *Metrics `json:"raw,omitempty"`
	Image string   `json:"image,omitempty"` // container image
	// Recipe and RecipeVariant name the recipe file and the variant in it
	// (override_x, zip_override_x[i], sweep[i], or the job name) whose
	// knobs were joined onto the point; "" when none was.
	Recipe        string `json:"recipe,omitempty"`
	RecipeVariant string `json:"recipe_variant,omitempty"`
}

// Provenance's methods (and Knobs' and Role's counts) take pointers: a
// value receiver copied the whole struct, and a pass over a view of 83,000
// points waited on three cache lines of each that it never reads
// (docs/workbench-speed.md; TestHotMethodsTakePointers).

// ShortRun reports a run shorter than the 3600 s steady-state runs.
func (p *Provenance) ShortRun() bool { return ShortRunOf(p.DurationS) }

// ShortRunOf reports a run of d seconds shorter than an hour (Provenance.ShortRun).
func ShortRunOf(d float64) bool { return d > 0 && d < 3600 }

// Projected reports metrics projected from a shorter run (ProjectRuns).
func (p *Provenance) Projected() bool { return p.ProjectedFromS > 0 }

// RawShort reports a short run shown raw: no run-length factor projected
// it. It is never on a frontier or a hull (docs/noise.md).
func (p *Provenance) RawShort() bool { return p.ShortRun() && !p.Projected() }

// Point is one measured (or planned) configuration at one concurrency.
//
// The fields every pass over a view reads (the run's length, the ID, the
// source, the suspicion, the metrics present and the first metrics) lie
// side by side at the end, so that a pass over 40,000 points touches
// three or four of each point's eleven cache lines, not eight
// (docs/workbench-speed.md).
type Point struct {
	Label string
	Curve CurveKey
	Knobs Knobs
	Prov  Provenance
	ID    string
	// Source is where the point came from.
	Source Source
	// Suspicion marks a point the validity gate does not trust
	// (model/suspect.go); nil for the others. Shared by copies of the
	// point: change it only through MarkSuspect and AdmitSuspect.
	Suspicion *Suspicion
	// GPUCount is the point's GPU count when a source states it and the
	// knobs cannot give it; 0 derives it from the knobs.
	GPUCount int
	Metrics  Metrics
}

// GPUs counts every GPU of the point.
func (p *Point) GPUs() int {
	if p.GPUCount > 0 {
		return p.GPUCount
	}
	return p.Knobs.GPUs()
}

// Value returns a metric of the point.
func (p *Point) Value(m Metric) (float64, bool) { return p.Metrics.Get(m) }

// XY returns the point's coordinates on two axes, and whether both exist.
func (p *Point) XY(x, y Axis) (float64, float64, bool) {
	xv, okx := p.Metrics.Get(x.Metric)
	yv, oky := p.Metrics.Get(y.Metric)
	return xv, yv, okx && oky
}

// DisplayLabel is the label when given (cut to MaxLabelRunes with an
// ellipsis), else the knobs' shorthand.
func (p *Point) DisplayLabel() string {
	if p.Label != "" {
		return Ellipsize(p.Label, MaxLabelRunes)
	}
	return p.Knobs.ShortLabel()
}

// RefsTo is a reference to each of pts, in order: what the functions over
// a view that shares its points with the loaded ones read (…Refs).
func RefsTo(pts []Point) []*Point {
	refs := make([]*Point, len(pts))
	for i := range pts {
		refs[i] = &pts[i]
	}
	return refs
}

// ProjectedOf are the projected runs among refs (Provenance.Projected),
// copied, in order: what the run-length legends read.
func ProjectedOf(refs []*Point) []Point {
	var out []Point
	for _, p := range refs {
		if p.Prov.Projected() {
			out = append(out, *p)
		}
	}
	return out
}
