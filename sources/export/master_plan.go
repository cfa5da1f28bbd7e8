package export

import (
	"fmt"
	"path/filepath"
	"slices"
	"sort"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/reading"
	"github.com/sweeptune/sweeptune/sources/srt"
)

// master edits the master config for an export: the config keys must exist,
// new rows go to each key, removed overrides lose their rows in any key.
func (c *exportCtx) master() (srt.MasterEdit, error) {
	path := c.req.MasterPath
	old, err := c.req.ReadFile(path)
	if err != nil {
		return srt.MasterEdit{}, fmt.Errorf("%s: %v", path, reading.PathErr(err))
	}
	mc, warns, err := srt.ParseMaster(path, old)
	if err != nil {
		return srt.MasterEdit{}, fmt.Errorf("%s: %v", path, err)
	}
	if len(warns) > 0 {
		return srt.MasterEdit{}, fmt.Errorf("%s", warns[0])
	}
	if len(c.req.ConfigKeys) == 0 {
		return srt.MasterEdit{}, fmt.Errorf("--config-key: which entry of %s takes the rows?", path)
	}
	var keys []string
	for _, k := range c.req.ConfigKeys {
		if mc.Entry(k) == nil {
			c.refuse("config key %s is not in %s", k, path)
			continue
		}
		keys = append(keys, k)
	}
	if len(keys) != len(c.req.ConfigKeys) {
		return srt.MasterEdit{}, nil
	}
	if c.single {
		return c.masterSingle(path, old, keys)
	}
	bundle := filepath.Base(c.req.RecipePath)
	removed := map[string]*model.Point{}
	for k, p := range c.removed {
		removed[k] = p
	}
	// Every key named runs the bundle (a change set names only the keys
	// whose rows select it), so each gets the new rows in its own style;
	// the removed rows go from every key in the first pass.
	text := string(old)
	var all srt.MasterEdit
	for i, key := range keys {
		if i > 0 {
			if mc, _, err = srt.ParseMaster(path, []byte(text)); err != nil {
				return srt.MasterEdit{}, fmt.Errorf("%s: %v", path, err)
			}
			removed = nil
		}
		out, me, err := srt.EditMaster(text, mc, keys, key, bundle, c.rowsToAdd(mc, key, bundle, removed), removed)
		if err != nil {
			return srt.MasterEdit{}, fmt.Errorf("%s: %v", path, err)
		}
		text = out
		all.Rows = append(all.Rows, me.Rows...)
		all.Notes = append(all.Notes, me.Notes...)
		all.Problems = append(all.Problems, me.Problems...)
		for _, k := range me.KeysTouched {
			if !slices.Contains(all.KeysTouched, k) {
				all.KeysTouched = append(all.KeysTouched, k)
			}
		}
		if all.Scenario == "" {
			all.Scenario = me.Scenario
		}
	}
	if len(all.KeysTouched) == 0 {
		all.KeysTouched = keys
	}
	if err := c.masterDone(path, old, text, keys, all); err != nil {
		return srt.MasterEdit{}, err
	}
	return all, nil
}

// rowsToAdd are the rows key needs for the change set's new overrides in
// bundle: every one it has no row for yet (a row of a removed override
// does not count), in the master's order.
func (c *exportCtx) rowsToAdd(mc *srt.MasterConfig, key, bundle string, removed map[string]*model.Point) []srt.RowSpec {
	existing := map[string]bool{}
	rows, _ := srt.BundleRows(mc.Entry(key), bundle)
	for _, r := range rows {
		if _, ov := r.Selector(); ov != "" && removed[ov] == nil {
			existing[ov] = true
		}
	}
	var adds []srt.RowSpec
	for _, o := range c.plan.Overrides {
		p := c.add[indexOfID(c.add, o.ID)]
		if existing[o.Key] {
			c.plan.Notes = append(c.plan.Notes, fmt.Sprintf("%s: %s already has a row for %s", p.ID, key, o.Key))
			continue
		}
		k := p.Knobs
		adds = append(adds, srt.RowSpec{Point: p, Override: o.Key, Order: [3]int{k.Prefill.Workers, k.Decode.Workers, k.Concurrency}})
	}
	sort.SliceStable(adds, func(i, j int) bool { return srt.Less3(adds[i].Order, adds[j].Order) })
	return adds
}

// masterDone records an edited master config: its rows and notes go in the
// plan, each entry key's image is set, and the edit must parse again
// without a warning before it is a change.
func (c *exportCtx) masterDone(path string, old []byte, text string, keys []string, me srt.MasterEdit) error {
	c.plan.Rows = me.Rows
	c.plan.Notes = append(c.plan.Notes, me.Notes...)
	c.plan.Refusals = append(c.plan.Refusals, me.Problems...)
	mc, _, err := srt.ParseMaster(path, old)
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	for _, key := range keys {
		if text, err = c.entryImage(text, key, mc.Entry(key).Image); err != nil {
			return fmt.Errorf("%s: %v", path, err)
		}
	}
	if _, warns, err := srt.ParseMaster(path, []byte(text)); err != nil || len(warns) > 0 {
		return fmt.Errorf("%s: the edited master config no longer parses (%v %v)", path, err, warns)
	}
	c.change(path, old, []byte(text))
	return nil
}

func indexOfID(ps []*model.Point, id string) int {
	for i, p := range ps {
		if p.ID == id {
			return i
		}
	}
	return -1
}

// masterSingle edits the conc-lists of the rows that select a file whose
// concurrencies change, then writes a row per new recipe file in the style
// of the rows that select the sibling it was derived from.
func (c *exportCtx) masterSingle(path string, old []byte, keys []string) (srt.MasterEdit, error) {
	text, extra, err := c.masterConcEdits(string(old), path, keys[0])
	if err != nil {
		return srt.MasterEdit{}, err
	}
	var all srt.MasterEdit
	all.Scenario = c.concScenario(path, old, keys[0])
	for _, group := range groupRows(append(append([]srt.RowSpec{}, c.rows...), extra...)) {
		mc, _, err := srt.ParseMaster(path, []byte(text))
		if err != nil {
			return srt.MasterEdit{}, fmt.Errorf("%s: %v", path, err)
		}
		bundle := filepath.Base(group[0].Template)
		out, me, err := srt.EditMaster(text, mc, keys, keys[0], bundle, group, nil)
		if err != nil {
			return srt.MasterEdit{}, fmt.Errorf("%s: %v", path, err)
		}
		text = out
		all.Rows = append(all.Rows, me.Rows...)
		all.Notes = append(all.Notes, me.Notes...)
		if all.Scenario == "" {
			all.Scenario = me.Scenario
		}
	}
	all.KeysTouched = keys
	if err := c.masterDone(path, old, text, keys[:1], all); err != nil {
		return srt.MasterEdit{}, err
	}
	return all, nil
}

// concScenario is the scenario of the rows a concurrency edit touches.
func (c *exportCtx) concScenario(path string, old []byte, key string) string {
	mc, _, err := srt.ParseMaster(path, old)
	if err != nil || mc.Entry(key) == nil {
		return ""
	}
	for _, ce := range c.concEdits {
		for _, s := range mc.Entry(key).Scenarios {
			for _, r := range s.Rows {
				if slices.Contains(rowsSelecting(mc.Entry(key), ce.s.path), r) {
					return s.Name
				}
			}
		}
	}
	return ""
}

// entryImage writes --image as the entry's image when it differs, else
// says why the entry's image is left alone; the router version pinned
// beside it moves with --router-version (and a moved image without it is
// a warning).
func (c *exportCtx) entryImage(text, key, had string) (string, error) {
	img := c.image()
	moved := false
	switch {
	case img == "" || img == had:
	case c.req.Image == "":
		c.imageNote(fmt.Sprintf("%s names image %s", key, orNone(had)))
	default:
		tp, err := srt.NewTextPatch(text)
		if err != nil {
			return "", err
		}
		if err := tp.Set([]string{key, "image"}, c.req.Image); err != nil {
			return "", err
		}
		c.plan.Notes = append(c.plan.Notes, fmt.Sprintf("%s image: %s → %s (--image)", key, orNone(had), c.req.Image))
		text, moved = tp.Result(), true
	}
	var pin pins
	rv := c.req.RouterVersion
	if rv != "" || moved { // no case below applies otherwise
		pin, _ = pinsOf(text, key)
	}
	switch {
	case rv != "" && pin.router != "" && pin.router != rv:
		tp, err := srt.NewTextPatch(text)
		if err != nil {
			return "", err
		}
		if err := tp.Set([]string{key, "router", "version"}, rv); err != nil {
			return "", err
		}
		c.plan.Notes = append(c.plan.Notes, fmt.Sprintf("%s router version: %s → %s (--router-version)", key, pin.router, rv))
		text = tp.Result()
	case rv != "" && pin.router == "":
		c.plan.Notes = append(c.plan.Notes, fmt.Sprintf("%s pins no router version; --router-version %s not written there", key, rv))
	case moved && pin.router != "" && (rv == "" || c.req.routerRead && rv == pin.router):
		c.plan.Notes = append(c.plan.Notes, fmt.Sprintf("warning: %s pins router version %s beside its image, which moved to %s: pass --router-version to move it too", key, pin.router, c.req.Image))
	}
	return text, nil
}
