package export

import (
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/srt"
)

// The master side of a concurrency-list edit: each row of the key that
// selects an edited file gets the same concurrencies added and removed in
// its conc-list; a row left with none is cut out with the comment lines
// above it, and what becomes of its file is said.

// rowsSelecting are the rows of entry e whose CONFIG_FILE= or srt-recipe
// names file as a whole recipe: by the path's tail when the selector's
// path ends the file's, else by base name when every such row names the
// same path.
func rowsSelecting(e *srt.MasterEntry, file string) []*srt.MasterRow {
	abs, err := filepath.Abs(file)
	if err != nil {
		abs = file
	}
	abs = filepath.ToSlash(abs)
	var byBase, byTail []*srt.MasterRow
	paths := map[string]bool{}
	for _, s := range e.Scenarios {
		for _, r := range s.Rows {
			f, ov := r.Selector()
			if f == "" || ov != "" || path.Base(f) != filepath.Base(file) {
				continue
			}
			byBase = append(byBase, r)
			paths[path.Clean(f)] = true
			if strings.HasSuffix(abs, "/"+strings.TrimPrefix(path.Clean(f), "./")) {
				byTail = append(byTail, r)
			}
		}
	}
	if len(byTail) > 0 {
		return byTail
	}
	if len(paths) == 1 {
		return byBase
	}
	return nil
}

// rowCut is the lines [from, to) that removing row r takes: the row, the
// comment lines directly above it at its dash's column, and one blank line
// after it when one is before it (or it opens the list), so no double gap
// is left.
func rowCut(lines []string, r *srt.MasterRow) (int, int, error) {
	start, dash, err := srt.RowStart(lines, r.Node)
	if err != nil {
		return 0, 0, err
	}
	end := srt.BlockEnd(lines, start, dash)
	from := srt.HeadComments(lines, start, dash)
	if end < len(lines) && srt.IsBlank(lines[end]) && (from == 0 || srt.IsBlank(lines[from-1]) || srt.IndentOf(lines[from-1]) < dash) {
		end++
	}
	return from, end, nil
}

// masterConcEdits edits the conc-lists of key's rows for every
// concurrency edit; it returns the new text and the rows still to write
// (a file no row of the key selects yet, given concurrencies).
func (c *exportCtx) masterConcEdits(text, masterPath, key string) (string, []srt.RowSpec, error) {
	if len(c.concEdits) == 0 {
		return text, nil, nil
	}
	mc, _, err := srt.ParseMaster(masterPath, []byte(text))
	if err != nil {
		return "", nil, fmt.Errorf("%s: %v", masterPath, err)
	}
	e := mc.Entry(key)
	ed := srt.NewLineEditor(text)
	var newRows []srt.RowSpec
	cut := map[*srt.MasterRow]bool{}
	for _, ce := range c.concEdits {
		file := filepath.Base(ce.s.path)
		points := append(append([]*model.Point{}, ce.add...), ce.drop...)
		rows := rowsSelecting(e, ce.s.path)
		if len(rows) == 0 {
			if len(ce.add) > 0 && len(ce.concs) > 0 {
				newRows = append(newRows, srt.RowSpec{Point: ce.add[0], File: ce.s.path, Template: ce.s.path, Concs: ce.concs, Order: orderOf(ce.add[0].Knobs)})
				continue
			}
			c.plan.Notes = append(c.plan.Notes, fmt.Sprintf("%s: no row of %s selects it; only its benchmark.concurrencies change", file, key))
			continue
		}
		for _, r := range rows {
			val := srt.MapValue(r.Node, "conc-list")
			if val == nil {
				for _, p := range points {
					c.unplaced(p, "the %s row at line %d that selects %s gives no conc-list (conc-start/conc-end); write it as a conc-list first", key, r.Line, file)
				}
				continue
			}
			concs := srt.MergeConcs(r.ConcList, concsOf(ce.add), concsOf(ce.drop))
			if len(concs) == 0 {
				from, to, err := rowCut(ed.Lines, r)
				if err != nil {
					return "", nil, fmt.Errorf("%s: %v", masterPath, err)
				}
				ed.Delete(from, to)
				cut[r] = true
				c.plan.Notes = append(c.plan.Notes, fmt.Sprintf("%s: the row at line %d is removed (it ran only %s); %s is left as it is: no row of %s selects it now, so delete it in srt-slurm if nothing else runs it",
					key, r.Line, concText(r.ConcList), ce.s.path, key))
				continue
			}
			if slices.Equal(concs, r.ConcList) {
				continue
			}
			from, to, repl, err := srt.ConcValueLines(ed.Lines, srt.MapKey(r.Node, "conc-list"), val, concs)
			if err != nil {
				for _, p := range points {
					c.unplaced(p, "the %s row at line %d: conc-list %v", key, r.Line, err)
				}
				continue
			}
			ed.Delete(from, to)
			ed.Insert(from, repl)
			c.plan.Notes = append(c.plan.Notes, fmt.Sprintf("%s: the row at line %d (%s): conc-list %s → %s", key, r.Line, file, concText(r.ConcList), concText(concs)))
		}
	}
	for _, s := range e.Scenarios {
		left := 0
		for _, r := range s.Rows {
			if !cut[r] {
				left++
			}
		}
		if left == 0 && len(s.Rows) > 0 {
			c.refuse("%s: removing these points leaves scenario %s with no search-space row; remove the key by hand, or keep a point", key, s.Name)
		}
	}
	return ed.Apply(), newRows, nil
}
