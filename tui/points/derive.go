package points

import "github.com/sweeptune/sweeptune/tui/workbench"

// rebuildOn are the changes after which Refresh rebuilds the table.
const rebuildOn = workbench.ChangeData | workbench.ChangeAxis | workbench.ChangeCurve | workbench.ChangeDisplay | workbench.ChangeOverlay

// Derive is rebuild's work on a view it has not derived yet (its
// statuses, legend and order, the ID column's width) as work that reads
// only the view, its geometry and flags, and its keeping (tui.deriver): the
// key makes it beside the plot's work. Nothing when it is derived already,
// or when what rebuild makes depends on more (a filter typed, gains shown).
func (m *Model) Derive(c workbench.Change) (func() any, func(any)) {
	if c&rebuildOn == 0 || m.st.ShowGains || m.filter.Value() != "" {
		return nil, nil
	}
	k := derivedKey{m.st.ViewSerial(), m.st.X.Name, m.st.Y.Name}
	if _, ok := m.derived[k]; ok {
		return nil, nil // rebuild sorts it at most
	}
	view, projected, projs := m.st.ViewRefs(), m.st.ViewProjected(), m.st.Projections()
	x, y, g, flags := m.st.X, m.st.Y, m.st.Geometry(), m.st.ViewFlags()
	col, desc := m.sortCol, m.desc
	// An order kept for the view on another x is the one rebuild takes.
	_, sorted := m.orderOnOtherX(k.serial, y.Name)
	_, hasWidth := m.widths[k.serial]
	ids, pts, src, slugs := m.ids, m.st.Points, m.st.ViewSources(), tagSlugs(m.st.Curve)
	type made struct {
		d       *derived
		width   int
		widthOK bool // of the load's measured widths (else m.ids is another load's)
	}
	return func() any {
			out := made{d: newDerived(view, projected, projs, x, y, g, flags)}
			if !sorted {
				out.d.order(view, query{}, "", x, y, col, desc, nil)
			}
			if !hasWidth {
				if out.width, out.widthOK = ids.of(pts, view, src, slugs); !out.widthOK {
					out.width = neededWidth(view, slugs)
				}
			}
			return out
		}, func(v any) {
			out := v.(made)
			if _, ok := m.derived[k]; !ok {
				m.keepDerived(k, out.d)
			}
			if _, ok := m.widths[k.serial]; !ok && !hasWidth {
				if !out.widthOK {
					m.ids = nil // another load's: let its points go
				}
				m.keepWidth(k.serial, out.width)
			}
		}
}
