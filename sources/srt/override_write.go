package srt

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sweeptune/sweeptune/model"
)

// Override blocks: only what differs from the bundle's base, in the order
// an engineer writes them (name, the roles' topology, the decode worker's
// arguments, the concurrency), in the recipe's own vocabulary.

// Quoted is a string value always written in double quotes (CONC).
type Quoted string

// DeltaEntry is one value of an override block at its key path.
type DeltaEntry struct {
	Path  []string
	Value any // int, string, quoted or []int
}

// OverrideDelta is the content of one override block, in write order.
type OverrideDelta struct {
	Entries []DeltaEntry
	Notes   []string // knobs the engine has no argument for
}

// Set records the value to write at a key path.
func (d *OverrideDelta) Set(path []string, v any) {
	d.Entries = append(d.Entries, DeltaEntry{Path: path, Value: v})
}

// fewestNodes is the fewest nodes that hold the workers: whole workers per
// node when a worker fits on one node, else whole nodes per worker.
func fewestNodes(workers, gpus, gpn int) int {
	if workers <= 0 || gpus <= 0 || gpn <= 0 {
		return 0
	}
	if gpus <= gpn {
		per := gpn / gpus
		return (workers + per - 1) / per
	}
	return workers * ((gpus + gpn - 1) / gpn)
}

// ExportRoles are the roles a point writes: prefill and decode, or the one
// aggregated worker (kept in Knobs.Prefill).
func ExportRoles(k model.Knobs) []struct {
	Name string
	Want model.Role
} {
	if k.Mode == model.ModeAgg {
		return []struct {
			Name string
			Want model.Role
		}{{RoleAgg, k.Prefill}}
	}
	return []struct {
		Name string
		Want model.Role
	}{{RolePrefill, k.Prefill}, {RoleDecode, k.Decode}}
}

// BaseRole is the base's knobs of a role.
func BaseRole(bk model.Knobs, role string) model.Role {
	if role == RoleDecode {
		return bk.Decode
	}
	return bk.Prefill
}

// servingRole is the role whose arguments hold the batch cap: decode, or
// the aggregated worker.
func servingRole(k model.Knobs) string {
	if k.Mode == model.ModeAgg {
		return RoleAgg
	}
	return RoleDecode
}

// BuildDelta works out the override of point p against the resolved base.
func BuildDelta(p *model.Point, name string, base Variant, v Vocab, gpn int) OverrideDelta {
	k := p.Knobs
	var d OverrideDelta
	d.Set([]string{"name"}, name)
	for _, r := range ExportRoles(k) {
		rd := roleDiff(r.Want, BaseRole(base.Knobs, r.Name), v, r.Name, gpn)
		for _, f := range []struct {
			field string
			n     int
		}{{FieldNodes, rd.Nodes}, {FieldWorkers, rd.Workers}, {FieldGPUs, rd.GPUs}} {
			if f.n > 0 {
				d.Set(v.topo(r.Name, f.field), f.n)
			}
		}
	}
	bk := base.Knobs
	role := servingRole(k)
	if k.DecodeBS > 0 && k.DecodeBS != bk.DecodeBS {
		for _, path := range v.batchCaps(role) {
			d.Set(path, k.DecodeBS)
		}
	}
	mrr := ExportMRR(k)
	switch {
	case v.SGLangArgs():
		if mrr > 0 && mrr != bk.MaxRunningRequests {
			d.Set(v.arg(role, ArgMaxRunningRequests), mrr)
		}
		if k.DecodeExtraSlots > 0 && k.DecodeExtraSlots != bk.DecodeExtraSlots {
			d.Set(v.arg(role, ArgDecodeExtraSlots), k.DecodeExtraSlots)
		}
		if k.Balance != "" && k.Balance != bk.Balance {
			d.Set(v.arg(role, ArgLoadBalance), k.Balance)
		}
	default:
		for _, x := range []struct {
			set  bool
			what string
		}{{k.MaxRunningRequests > 0, "max-running-requests"}, {k.DecodeExtraSlots > 0, "decode extra slots"}, {k.Balance != "", "a DP balancing method"}} {
			if x.set {
				d.Notes = append(d.Notes, fmt.Sprintf("%s: %s takes no %s; not written", p.ID, v.engine, x.what))
			}
		}
	}
	if k.Concurrency != bk.Concurrency || len(base.Concurrencies) > 1 {
		path, val := v.concurrency(k.Concurrency)
		d.Set(path, val)
	}
	return d
}

// workerRanksOf is model.Knobs.WorkerRanks: max-running-requests is each
// decode worker's own argument.
func workerRanksOf(k model.Knobs) int { return k.WorkerRanks() }

// ExportMRR is the MRR to write: the point's, else a decode worker's ranks × BS.
func ExportMRR(k model.Knobs) int {
	if k.MaxRunningRequests > 0 {
		return k.MaxRunningRequests
	}
	return k.WorkerMRR()
}

// TargetNodes is the nodes a role gets: as the point says, else the fewest.
func TargetNodes(r model.Role, gpn int) int {
	if r.Nodes > 0 {
		return r.Nodes
	}
	return fewestNodes(r.Workers, r.GPUs, gpn)
}

type roleDelta struct{ Nodes, Workers, GPUs int } // 0 = inherit

func roleDiff(want, base model.Role, v Vocab, role string, gpn int) roleDelta {
	var d roleDelta
	if n := TargetNodes(want, gpn); n > 0 && n != base.Nodes {
		d.Nodes = n
	}
	if want.Workers != base.Workers {
		d.Workers = want.Workers
	}
	// GPUs per worker: written when what the base states (or what nodes ×
	// GPUs per node / workers would derive) is not the point's.
	got := base.GPUs
	if !v.has(v.topo(role, FieldGPUs)) && (d.Nodes > 0 || d.Workers > 0) {
		nodes, workers := firstPos(d.Nodes, base.Nodes), firstPos(d.Workers, base.Workers)
		if nodes > 0 && gpn > 0 && workers > 0 {
			got = nodes * gpn / workers
		}
	}
	if want.GPUs > 0 && want.GPUs != got {
		d.GPUs = want.GPUs
	}
	return d
}

func firstPos(v ...int) int {
	for _, x := range v {
		if x > 0 {
			return x
		}
	}
	return 0
}

// AsMap is the delta as the deep-merge sees it (for the round-trip check).
func (d OverrideDelta) AsMap() map[string]any {
	m := map[string]any{}
	for _, e := range d.Entries {
		cur := m
		for _, k := range e.Path[:len(e.Path)-1] {
			next, ok := cur[k].(map[string]any)
			if !ok {
				next = map[string]any{}
				cur[k] = next
			}
			cur = next
		}
		var v any = e.Value
		switch t := e.Value.(type) {
		case Quoted:
			v = string(t)
		case []int:
			l := make([]any, len(t))
			for i, x := range t {
				l[i] = x
			}
			v = l
		}
		cur[e.Path[len(e.Path)-1]] = v
	}
	return m
}

// deltaNode is the delta as an ordered tree, for rendering.
type deltaNode struct {
	key      string
	value    any
	children []*deltaNode
}

// set puts v at path below n, adding the keys n lacks after the ones it has.
func (n *deltaNode) set(path []string, v any) {
	for _, k := range path {
		i := slices.IndexFunc(n.children, func(c *deltaNode) bool { return c.key == k })
		if i < 0 {
			i = len(n.children)
			n.children = append(n.children, &deltaNode{key: k})
		}
		n = n.children[i]
	}
	n.value = v
}

// yamlLines writes n's children as block-mapping lines: the first level
// indented by col spaces, each deeper one by ind more.
func (n *deltaNode) yamlLines(col, ind int) []string {
	var lines []string
	var write func(n *deltaNode, col int)
	write = func(n *deltaNode, col int) {
		pad := strings.Repeat(" ", col)
		for _, c := range n.children {
			if len(c.children) == 0 {
				lines = append(lines, fmt.Sprintf("%s%s: %s\n", pad, c.key, YAMLValue(c.value)))
				continue
			}
			lines = append(lines, pad+c.key+":\n")
			write(c, col+ind)
		}
	}
	write(n, col)
	return lines
}

// Render writes the block with its key, indented by ind spaces a level,
// after a comment saying what the point is.
func (d OverrideDelta) Render(key string, comment []string, ind int) string {
	var b strings.Builder
	for _, c := range comment {
		b.WriteString(strings.TrimRight("# "+CommentText(c), " ") + "\n")
	}
	root := &deltaNode{}
	for _, e := range d.Entries {
		root.set(e.Path, e.Value)
	}
	b.WriteString(key + ":\n")
	for _, l := range root.yamlLines(ind, ind) {
		b.WriteString(l)
	}
	return b.String()
}

// yamlValue writes one delta value.
func YAMLValue(v any) string {
	switch t := v.(type) {
	case Quoted:
		return QuoteDQ(string(t))
	case string:
		return yamlScalar(t)
	case int:
		return strconv.Itoa(t)
	case []int:
		parts := make([]string, len(t))
		for i, x := range t {
			parts[i] = strconv.Itoa(x)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return fmt.Sprint(v)
}

// yamlScalar writes numbers and plain words bare, anything else quoted.
func yamlScalar(s string) string {
	if _, err := strconv.Atoi(s); err == nil {
		return s
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return QuoteDQ(s)
		}
	}
	switch strings.ToLower(s) {
	case "", "true", "false", "yes", "no", "on", "off", "null", "~", "y", "n":
		return QuoteDQ(s)
	}
	return s
}

// OverrideName is the name field for a new override: the common prefix of
// the existing overrides' names (as far as a '-') + the ID, else base name + ID.
func OverrideName(id, baseName string, existing []string) string {
	if len(existing) >= 2 {
		prefix := existing[0]
		for _, n := range existing[1:] {
			for !strings.HasPrefix(n, prefix) {
				prefix = prefix[:len(prefix)-1]
			}
		}
		if i := strings.LastIndex(prefix, "-"); i > 0 {
			return prefix[:i+1] + id
		}
	}
	if baseName != "" {
		return baseName + "-" + id
	}
	return id
}

// OverrideComment is the two lines above a new override saying what the
// point is and what it measured, as the bundles' hand-written comments do.
func OverrideComment(p *model.Point, gpn int, sglang bool) []string {
	k := p.Knobs
	if k.Mode == model.ModeAgg {
		first := fmt.Sprintf("%d x %s aggregated, %d GPUs", k.Prefill.Workers, strings.ToUpper(k.Prefill.Parallelism()), k.GPUs())
		if k.DecodeBS > 0 {
			first += fmt.Sprintf(", batch cap %d", k.DecodeBS)
		}
		return []string{first + ":", Numbers(p) + "."}
	}
	first := fmt.Sprintf("%d x %s prefill", k.Prefill.Workers, strings.ToUpper(k.Prefill.Parallelism()))
	if n := TargetNodes(k.Prefill, gpn); n > 0 {
		first += fmt.Sprintf(" (%s)", Plural(n, "node"))
	}
	first += fmt.Sprintf(" + %d x %s decode, %d GPUs", k.Decode.Workers, strings.ToUpper(k.Decode.Parallelism()), k.GPUs())
	switch {
	case k.DecodeBS > 0 && sglang:
		first += fmt.Sprintf(", decode BS %d per rank, max-running-requests %d", k.DecodeBS, ExportMRR(k))
	case k.DecodeBS > 0:
		first += fmt.Sprintf(", decode batch cap %d", k.DecodeBS)
	}
	return []string{first + ":", Numbers(p) + "."}
}

// Plural is "1 word" or "n words".
func Plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// Numbers is "1,033,494 tok/s/GPU @ mean 150.7, p90 157.5 tok/s/user,
// E2E-normalized p90 23.5 (local, 3600 s run)".
func Numbers(p *model.Point) string {
	var s string
	if y, ok := p.Value(model.TputPerGPU); ok {
		s = model.Thousands(y, 0) + " tok/s/GPU"
	} else {
		s = "not measured yet"
	}
	var iv []string
	if v, ok := p.Value(model.MeanIntvty); ok {
		iv = append(iv, "mean "+TrimFloat(v))
	}
	if v, ok := p.Value(model.P90Intvty); ok {
		iv = append(iv, "p90 "+TrimFloat(v))
	}
	if len(iv) > 0 {
		s += " @ " + strings.Join(iv, ", ") + " tok/s/user"
	}
	if v, ok := p.Value(model.E2ENormP90); ok {
		s += ", E2E-normalized p90 " + TrimFloat(v)
	}
	src := string(p.Source)
	if p.Prov.DurationS > 0 {
		src += fmt.Sprintf(", %s s run", strconv.FormatFloat(p.Prov.DurationS, 'f', -1, 64))
	}
	return s + " (" + src + ")"
}

// TrimFloat prints one decimal, as the tables do (50.0, 191.4).
func TrimFloat(v float64) string {
	return strconv.FormatFloat(v, 'f', 1, 64)
}
