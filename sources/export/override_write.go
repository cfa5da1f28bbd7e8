package export

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sweeptune/sweeptune/sources"

	"github.com/sweeptune/sweeptune/model"
)

// Override blocks: only what differs from the bundle's base, in the order
// an engineer writes them (name, roles.prefill, roles.decode, benchmark).

// overrideDelta is the content of one override block.
type overrideDelta struct {
	Name        string
	Prefill     roleDelta
	Decode      roleDelta
	DecodeArgs  [][2]string // key, YAML value, in write order
	Concurrency string      // "" when the base already has it
}

type roleDelta struct{ Nodes, Workers, GPUs int } // 0 = inherit

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

// buildDelta works out the override of point p against the resolved base.
func buildDelta(p *model.Point, name string, base sources.Variant, baseMap map[string]any, gpn int) overrideDelta {
	k := p.Knobs
	d := overrideDelta{Name: name}
	d.Prefill = roleDiff(k.Prefill, base.Knobs.Prefill, baseMap, "prefill", gpn)
	d.Decode = roleDiff(k.Decode, base.Knobs.Decode, baseMap, "decode", gpn)
	bk := base.Knobs
	if k.DecodeBS > 0 && k.DecodeBS != bk.DecodeBS {
		d.DecodeArgs = append(d.DecodeArgs, [2]string{"cuda-graph-max-bs-decode", strconv.Itoa(k.DecodeBS)})
	}
	if mrr := exportMRR(k); mrr > 0 && mrr != bk.MaxRunningRequests {
		d.DecodeArgs = append(d.DecodeArgs, [2]string{"max-running-requests", strconv.Itoa(mrr)})
	}
	if k.DecodeExtraSlots > 0 && k.DecodeExtraSlots != bk.DecodeExtraSlots {
		d.DecodeArgs = append(d.DecodeArgs, [2]string{"disaggregation-decode-extra-slots", strconv.Itoa(k.DecodeExtraSlots)})
	}
	if k.Balance != "" && k.Balance != bk.Balance {
		d.DecodeArgs = append(d.DecodeArgs, [2]string{"load-balance-method", k.Balance})
	}
	if k.Concurrency != bk.Concurrency {
		d.Concurrency = strconv.Itoa(k.Concurrency)
	}
	return d
}

// exportMRR is the MRR to write: the point's, else decode ranks × BS.
func exportMRR(k model.Knobs) int {
	if k.MaxRunningRequests > 0 {
		return k.MaxRunningRequests
	}
	if k.DecodeBS > 0 {
		return k.DecodeRanks() * k.DecodeBS
	}
	return 0
}

// targetNodes is the nodes a role gets: as the point says, else the fewest.
func targetNodes(r model.Role, gpn int) int {
	if r.Nodes > 0 {
		return r.Nodes
	}
	return fewestNodes(r.Workers, r.GPUs, gpn)
}

func roleDiff(want, base model.Role, baseMap map[string]any, role string, gpn int) roleDelta {
	var d roleDelta
	if n := targetNodes(want, gpn); n > 0 && n != base.Nodes {
		d.Nodes = n
	}
	if want.Workers != base.Workers {
		d.Workers = want.Workers
	}
	// GPUs per worker: written when what the base states (or what nodes ×
	// GPUs per node / workers would derive) is not the point's.
	got := base.GPUs
	if _, stated := sources.Lookup(baseMap, "roles", role, "gpus"); !stated && (d.Nodes > 0 || d.Workers > 0) {
		nodes, workers := firstPos(d.Nodes, base.Nodes), firstPos(d.Workers, base.Workers)
		if nodes > 0 && gpn > 0 && workers > 0 && nodes*gpn%workers == 0 {
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

// asMap is the delta as the deep-merge sees it (for the round-trip check).
func (d overrideDelta) asMap() map[string]any {
	m := map[string]any{"name": d.Name}
	roles := map[string]any{}
	for _, r := range []struct {
		name string
		rd   roleDelta
		args [][2]string
	}{{"prefill", d.Prefill, nil}, {"decode", d.Decode, d.DecodeArgs}} {
		rm := map[string]any{}
		for _, f := range []struct {
			k string
			v int
		}{{"nodes", r.rd.Nodes}, {"workers", r.rd.Workers}, {"gpus", r.rd.GPUs}} {
			if f.v > 0 {
				rm[f.k] = f.v
			}
		}
		if len(r.args) > 0 {
			args := map[string]any{}
			for _, a := range r.args {
				if n, err := strconv.Atoi(a[1]); err == nil {
					args[a[0]] = n
				} else {
					args[a[0]] = a[1]
				}
			}
			rm["args"] = args
		}
		if len(rm) > 0 {
			roles[r.name] = rm
		}
	}
	if len(roles) > 0 {
		m["roles"] = roles
	}
	if d.Concurrency != "" {
		m["benchmark"] = map[string]any{"env": map[string]any{"CONC": d.Concurrency}}
	}
	return m
}

// render writes the block with its key, indented by ind spaces a level,
// after a comment saying what the point is.
func (d overrideDelta) render(key string, comment []string, ind int) string {
	var b strings.Builder
	for _, c := range comment {
		b.WriteString(strings.TrimRight("# "+c, " ") + "\n")
	}
	pad := func(level int) string { return strings.Repeat(" ", level*ind) }
	fmt.Fprintf(&b, "%s:\n%sname: %s\n", key, pad(1), yamlScalar(d.Name))
	var roleLines []string
	for _, r := range []struct {
		name string
		rd   roleDelta
		args [][2]string
	}{{"prefill", d.Prefill, nil}, {"decode", d.Decode, d.DecodeArgs}} {
		var lines []string
		for _, f := range []struct {
			k string
			v int
		}{{"nodes", r.rd.Nodes}, {"workers", r.rd.Workers}, {"gpus", r.rd.GPUs}} {
			if f.v > 0 {
				lines = append(lines, fmt.Sprintf("%s%s: %d", pad(3), f.k, f.v))
			}
		}
		if len(r.args) > 0 {
			lines = append(lines, pad(3)+"args:")
			for _, a := range r.args {
				lines = append(lines, fmt.Sprintf("%s%s: %s", pad(4), a[0], yamlScalar(a[1])))
			}
		}
		if len(lines) > 0 {
			roleLines = append(roleLines, pad(2)+r.name+":")
			roleLines = append(roleLines, lines...)
		}
	}
	if len(roleLines) > 0 {
		b.WriteString(pad(1) + "roles:\n" + strings.Join(roleLines, "\n") + "\n")
	}
	if d.Concurrency != "" {
		fmt.Fprintf(&b, "%sbenchmark:\n%senv:\n%sCONC: %q\n", pad(1), pad(2), pad(3), d.Concurrency)
	}
	return b.String()
}

// yamlScalar writes numbers and plain words bare, anything else quoted.
func yamlScalar(s string) string {
	if _, err := strconv.Atoi(s); err == nil {
		return s
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return strconv.Quote(s)
		}
	}
	switch strings.ToLower(s) {
	case "", "true", "false", "yes", "no", "on", "off", "null", "~", "y", "n":
		return strconv.Quote(s)
	}
	return s
}

// overrideName is the name field for a new override: the common prefix of
// the existing overrides' names (as far as a '-') + the ID, else base name + ID.
func overrideName(id, baseName string, existing []string) string {
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

// overrideComment is the two lines above a new override saying what the
// point is and what it measured, as the bundles' hand-written comments do.
func overrideComment(p *model.Point, gpn int) []string {
	k := p.Knobs
	first := fmt.Sprintf("%d x %s prefill", k.Prefill.Workers, strings.ToUpper(k.Prefill.Parallelism()))
	if n := targetNodes(k.Prefill, gpn); n > 0 {
		first += fmt.Sprintf(" (%s)", plural(n, "node"))
	}
	first += fmt.Sprintf(" + %d x %s decode, %d GPUs", k.Decode.Workers, strings.ToUpper(k.Decode.Parallelism()), k.GPUs())
	if k.DecodeBS > 0 {
		first += fmt.Sprintf(", decode BS %d per rank, max-running-requests %d", k.DecodeBS, exportMRR(k))
	}
	return []string{first + ":", numbers(p) + "."}
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
