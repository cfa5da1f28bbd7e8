package srt

import (
	"fmt"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/sweeptune/sweeptune/model"
)

// Master-config rows: new rows are written in the style of the entry's
// existing rows for the same bundle (the template): spec-decoding,
// kv-offloading and every other row setting are copied from it as text, the
// selector uses the template's form (srt-recipe or CONFIG_FILE=).

// RowSpec is one row to write: it selects an override of the bundle, or
// (one topology per file) the recipe File, in the style of the rows that
// select Template.
type RowSpec struct {
	Point          *model.Point
	Override       string
	File, Template string
	Concs          []int // the row's conc-list when not the point's one concurrency
	Order          [3]int
}

// concList is the row's concurrencies.
func (rs RowSpec) concList() []int {
	if len(rs.Concs) > 0 {
		return rs.Concs
	}
	return []int{rs.Point.Knobs.Concurrency}
}

// selector is the row's recipe selector in the entry's form.
func (rs RowSpec) selector(sel selectorForm) string {
	if rs.File == "" {
		return sel.value(rs.Override)
	}
	return path.Join(path.Dir(sel.prefix), filepath.Base(rs.File))
}

// RowStart returns the line index of the row's "- " and the dash column.
func RowStart(lines []string, n *yaml.Node) (int, int, error) {
	l := n.Line - 1
	if l < 0 || l >= len(lines) {
		return 0, 0, fmt.Errorf("row at line %d out of range", n.Line)
	}
	line := lines[l]
	c := min(n.Column-1, len(line))
	for c > 0 {
		c--
		if line[c] == '-' {
			return l, c, nil
		}
		if line[c] != ' ' {
			break
		}
	}
	return 0, 0, fmt.Errorf("row at line %d is not a block list item", n.Line)
}

// rowRegion is the row's lines [start, end).
func rowRegion(lines []string, n *yaml.Node) (int, int, error) {
	start, dash, err := RowStart(lines, n)
	if err != nil {
		return 0, 0, err
	}
	return start, BlockEnd(lines, start, dash), nil
}

// renderRow writes one row at dash column dash, copying the template row's
// other settings and styles.
func renderRow(lines []string, tmpl *MasterRow, sel selectorForm, rs RowSpec) (string, error) {
	tn := tmpl.Node
	_, dash, err := RowStart(lines, tn)
	if err != nil {
		return "", err
	}
	col := dash + 2
	pad := strings.Repeat(" ", col)
	k := rs.Point.Knobs
	var out []string
	wrote := map[string]bool{}
	emit := func(key string) {
		switch key {
		case "conc-list":
			cn := MapValue(tn, key)
			concs := rs.concList()
			switch {
			case cn != nil && cn.Kind == yaml.SequenceNode && cn.Style&yaml.FlowStyle == 0:
				off := 0
				if len(cn.Content) > 0 {
					off = max(cn.Content[0].Column-3-col, 0)
				}
				out = append(out, "conc-list:")
				for _, c := range concs {
					out = append(out, strings.Repeat(" ", off)+"- "+strconv.Itoa(c))
				}
			case cn != nil && cn.Kind == yaml.SequenceNode && cn.Line-1 < len(lines) && flowEnd(lines[cn.Line-1], cn.Column-1) > 0:
				l := lines[cn.Line-1]
				out = append(out, "conc-list: "+flowList(l[cn.Column-1:flowEnd(l, cn.Column-1)], concs))
			default:
				out = append(out, "conc-list: "+flowList("[]", concs))
			}
		case "prefill", "decode":
			role, tr := k.Prefill, tmpl.Prefill
			if key == "decode" {
				role, tr = k.Decode, tmpl.Decode
				if k.Mode == model.ModeAgg { // InferenceX: decode num-worker 0, the worker's parallelism
					role = model.Role{TP: k.Prefill.TP, EP: k.Prefill.EP, DPAttn: k.Prefill.DPAttn}
				}
			}
			out = append(out, key+":")
			out = append(out, indentAll(roleLines(role, tr, key == sel.role, rs.selector(sel), MapValue(tn, key)), 2)...)
		case "srt-recipe":
			out = append(out, "srt-recipe: "+yamlScalarStyle(rs.selector(sel), MapValue(tn, key)))
		default:
			txt, err := keyText(lines, tn, key, col)
			if err != nil {
				return
			}
			out = append(out, txt...)
		}
		wrote[key] = true
	}
	for i := 0; i+1 < len(tn.Content); i += 2 {
		emit(tn.Content[i].Value)
	}
	for _, key := range []string{"conc-list", "prefill", "decode"} {
		if !wrote[key] {
			emit(key)
		}
	}
	if sel.role == "" && !wrote["srt-recipe"] {
		emit("srt-recipe")
	}
	var b strings.Builder
	for i, l := range out {
		if i == 0 {
			b.WriteString(strings.Repeat(" ", dash) + "- " + l + "\n")
		} else {
			b.WriteString(pad + l + "\n")
		}
	}
	return b.String(), nil
}

func indentAll(lines []string, n int) []string {
	p := strings.Repeat(" ", n)
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = p + l
	}
	return out
}

// roleLines writes num-worker, tp, ep, dp-attn and the additional settings,
// the selector among them when this role carries it.
func roleLines(r model.Role, tmpl *MasterRole, carries bool, selector string, tnode *yaml.Node) []string {
	out := []string{
		fmt.Sprintf("num-worker: %d", r.Workers),
		fmt.Sprintf("tp: %d", r.TP),
		fmt.Sprintf("ep: %d", max(r.EP, 1)),
		fmt.Sprintf("dp-attn: %t", r.DPAttn),
	}
	var settings []string
	if tmpl != nil {
		for _, s := range tmpl.Settings {
			if !strings.HasPrefix(s, "CONFIG_FILE=") {
				settings = append(settings, s)
			}
		}
	}
	if carries {
		settings = append(settings, "CONFIG_FILE="+selector)
	}
	if len(settings) == 0 {
		return out
	}
	out = append(out, "additional-settings:")
	sn := MapValue(tnode, "additional-settings")
	off := 0
	var style *yaml.Node
	if sn != nil && len(sn.Content) > 0 {
		style = sn.Content[0]
		if kn := MapKey(tnode, "additional-settings"); kn != nil {
			off = max(style.Column-3-(kn.Column-1), 0)
		}
	}
	for _, s := range settings {
		out = append(out, strings.Repeat(" ", off)+"- "+yamlScalarStyle(s, style))
	}
	return out
}

// yamlScalarStyle quotes like the template scalar: double quotes when it
// was double-quoted, else only when needed.
func yamlScalarStyle(s string, tmpl *yaml.Node) string {
	if tmpl != nil && tmpl.Style&yaml.DoubleQuotedStyle != 0 || hasUnsafe(s) { // yamltext.go
		return QuoteDQ(s)
	}
	if tmpl != nil && tmpl.Style&yaml.SingleQuotedStyle != 0 {
		return "'" + strings.ReplaceAll(s, "'", "''") + "'"
	}
	if s == "" || strings.ContainsAny(s, "#{}[],&*!|>'\"%@`") || strings.HasPrefix(s, "?") || strings.Contains(s, ": ") || strings.HasSuffix(s, ":") ||
		strings.HasPrefix(s, "-") || strings.TrimSpace(s) != s {
		return QuoteDQ(s)
	}
	return s
}

// keyText copies a key of the template row as written (its value lines
// included, comment-only lines dropped), re-based to column 0.
func keyText(lines []string, row *yaml.Node, key string, col int) ([]string, error) {
	kn := MapKey(row, key)
	if kn == nil {
		return nil, fmt.Errorf("no %s", key)
	}
	l, c := kn.Line-1, kn.Column-1
	if row.Style&yaml.FlowStyle != 0 || l >= len(lines) || c >= len(lines[l]) {
		v := MapValue(row, key)
		b, err := yaml.Marshal(&yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle, Content: []*yaml.Node{kn, v}})
		if err != nil {
			return nil, err
		}
		s := strings.TrimSpace(string(b))
		return []string{strings.TrimSuffix(strings.TrimPrefix(s, "{"), "}")}, nil
	}
	out := []string{strings.TrimRight(lines[l][c:], "\r\n")}
	for i := l + 1; i < len(lines); i++ {
		if IsBlank(lines[i]) {
			continue
		}
		if IndentOf(lines[i]) <= c {
			break
		}
		if strings.HasPrefix(strings.TrimSpace(lines[i]), "#") {
			continue
		}
		out = append(out, strings.TrimRight(lines[i], "\r\n")[min(col, IndentOf(lines[i])):])
	}
	return out, nil
}

// selectorForm is how the entry's rows name a recipe override.
type selectorForm struct {
	role   string // "prefill" when CONFIG_FILE= sits in prefill settings; "" for srt-recipe
	prefix string // the path before ":override_…"
}

func (s selectorForm) value(override string) string { return s.prefix + ":" + override }

// BundleRows finds the rows of the entry that select the bundle (same base
// name of the recipe file), with the selector form they use.
func BundleRows(e *MasterEntry, bundle string) (rows []*MasterRow, sc *MasterScenario) {
	for _, s := range e.Scenarios {
		for _, r := range s.Rows {
			if f, _ := r.Selector(); f != "" && path.Base(f) == path.Base(bundle) {
				rows = append(rows, r)
				sc = s
			}
		}
	}
	return rows, sc
}

func formOf(r *MasterRow, bundle string) selectorForm {
	if r.SrtRecipe != "" {
		f, _ := r.Selector()
		return selectorForm{prefix: f}
	}
	for _, role := range []struct {
		name string
		r    *MasterRole
	}{{"prefill", r.Prefill}, {"decode", r.Decode}} {
		if role.r == nil {
			continue
		}
		for _, s := range role.r.Settings {
			if strings.HasPrefix(s, "CONFIG_FILE=") {
				f, _ := r.Selector()
				return selectorForm{role: role.name, prefix: f}
			}
		}
	}
	return selectorForm{prefix: path.Base(bundle)}
}

// rowOrder sorts rows by prefill workers, decode workers and first concurrency.
func rowOrder(r *MasterRow) [3]int {
	var o [3]int
	if r.Prefill != nil {
		o[0] = r.Prefill.NumWorker
	}
	if r.Decode != nil {
		o[1] = r.Decode.NumWorker
	}
	if len(r.ConcList) > 0 {
		o[2] = r.ConcList[0]
	}
	return o
}

// MasterEdit is the master-config part of an export.
type MasterEdit struct {
	KeysTouched []string
	Scenario    string
	Rows        []string // rendered new rows
	Notes       []string
	Problems    []string // points the edit could not place: refusals
}

// EditMaster inserts rows for adds into entry addKey and removes the rows of
// removed overrides from every entry in keys.
func EditMaster(text string, mc *MasterConfig, keys []string, addKey, bundle string, adds []RowSpec, removed map[string]*model.Point) (string, MasterEdit, error) {
	var me MasterEdit
	ed := NewLineEditor(text)
	touched := map[string]bool{}
	removedRow := map[*MasterRow]bool{}
	for _, key := range keys {
		e := mc.Entry(key)
		rows, _ := BundleRows(e, bundle)
		for _, r := range rows {
			_, ov := r.Selector()
			if removed[ov] == nil {
				continue
			}
			if len(r.ConcList) > 1 {
				me.Problems = append(me.Problems, fmt.Sprintf("%s not placed: the %s row at line %d also runs other concurrencies %v; edit it by hand", removed[ov].ID, key, r.Line, r.ConcList))
				continue
			}
			s, end, err := rowRegion(ed.Lines, r.Node)
			if err != nil {
				return "", me, err
			}
			ed.Delete(s, end)
			removedRow[r] = true
			touched[key] = true
		}
	}
	if len(adds) > 0 {
		e := mc.Entry(addKey)
		rows, sc := BundleRows(e, bundle)
		// The template: a row of the same mode (agg rows have decode
		// num-worker 0), for this recipe if there is one.
		agg := adds[0].Point.Knobs.Mode == model.ModeAgg
		fits := func(r *MasterRow) bool {
			return r.Prefill != nil && r.Decode != nil && (r.Decode.NumWorker == 0) == agg
		}
		var tmpl *MasterRow
		for _, r := range rows {
			if fits(r) {
				tmpl = r
			}
		}
		if tmpl == nil {
			for _, s := range e.Scenarios {
				for _, r := range s.Rows {
					if fits(r) {
						tmpl, sc = r, s
					}
				}
			}
		}
		if tmpl == nil {
			return "", me, fmt.Errorf("%s: no %s search-space row (prefill and decode) to copy the style from", addKey, ModeWord(adds[0].Point.Knobs.Mode))
		}
		me.Scenario = sc.Name
		form := formOf(tmpl, bundle)
		var surviving []*MasterRow
		for _, r := range rows {
			if !removedRow[r] {
				surviving = append(surviving, r)
			}
		}
		for _, a := range adds {
			txt, err := renderRow(ed.Lines, tmpl, form, a)
			if err != nil {
				return "", me, err
			}
			me.Rows = append(me.Rows, txt)
			at := -1
			for _, r := range surviving {
				if Less3(a.Order, rowOrder(r)) {
					at, _, err = RowStart(ed.Lines, r.Node)
					break
				}
			}
			if at < 0 {
				last := tmpl
				if len(surviving) > 0 {
					last = surviving[len(surviving)-1]
				} else if n := len(sc.Rows); n > 0 {
					last = sc.Rows[n-1]
				}
				_, at, err = rowRegion(ed.Lines, last.Node)
			}
			if err != nil {
				return "", me, err
			}
			ed.Insert(at, txt)
		}
		touched[addKey] = true
	}
	for _, k := range keys {
		if touched[k] {
			me.KeysTouched = append(me.KeysTouched, k)
		}
	}
	return ed.Apply(), me, nil
}

// ModeWord is the mode as a master row and a changelog say it.
func ModeWord(m model.Mode) string {
	if m == model.ModeAgg {
		return "aggregated"
	}
	return "disaggregated"
}
