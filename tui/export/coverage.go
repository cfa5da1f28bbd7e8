package export

import (
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/tui/msgs"
)

// The coverage guard as export applies it (docs/dashboard.md): a change set
// whose curve after merge loses published coverage it does not remove is
// refused, in the same words, until A accepts the loss for that change set
// (export's --accept-coverage-loss). The acceptance is shown in the pane
// and said in the PR body; another change set needs its own.

// acceptHow is how the pane accepts a loss, ending the refusal's sentence.
const acceptHow = "press A to accept the loss for this change set (export's --accept-coverage-loss)"

// losesCoverage reports a preview of the plan that the guard refuses.
func (m *Model) losesCoverage() bool {
	return slices.ContainsFunc(m.afterMerge, model.Preview.LosesCoverage)
}

// lossAccepted reports that A accepted the loss of the change set shown.
func (m *Model) lossAccepted() bool {
	return m.accepted != "" && m.accepted == m.buildKey
}

// coverageRefusal is the refusal w and B give ("" when they may go on).
func (m *Model) coverageRefusal() string {
	if m.lossAccepted() {
		return ""
	}
	return render.CoverageRefusal(m.afterMerge, acceptHow)
}

// acceptLoss toggles the acceptance of the shown change set's loss (A).
func (m *Model) acceptLoss() tea.Cmd {
	switch {
	case m.plan == nil || m.dirty:
		return msgs.StatusCmd("the export is still being built: A again in a moment", true)
	case !m.losesCoverage():
		return msgs.StatusCmd("nothing to accept: the curve after merge loses no published coverage beyond the reviewed removals", false)
	case m.lossAccepted():
		m.accepted = ""
		m.redraw()
		return msgs.StatusCmd("coverage loss no longer accepted: w refuses this change set again", false)
	}
	m.accepted = m.buildKey
	m.redraw()
	return msgs.StatusCmd("coverage loss accepted for this change set (as export's --accept-coverage-loss): w writes it, the PR body says so; A again withdraws it", false)
}

// buildKey identifies what a build previews: the marks and plan, the
// targets that decide the sweep and the date (not the PR link or the
// image: they change no point). An acceptance holds for one key.
func buildKey(sig string, cfg Config, asOf string) string {
	return strings.Join(append([]string{sig, cfg.RecipePath, cfg.MasterPath, cfg.ChangelogPath, asOf}, cfg.ConfigKeys...), "\x00")
}

// appendOnlyCache keeps the append-only dates of the export's changelog
// target (sources.AppendOnlyDatesOf; the pane reads no other) between builds: git dates its entries, which
// takes seconds on InferenceX's history, and a build runs on every mark.
// It is read again when the file changes (size or time).
type appendOnlyCache struct {
	mu    sync.Mutex
	path  string
	size  int64
	mod   time.Time
	dates model.AppendOnlyDates
}

func (c *appendOnlyCache) of(path string) model.AppendOnlyDates {
	if path == "" {
		return nil
	}
	info, err := os.Stat(path)
	if err != nil {
		return nil // the build says why the changelog cannot be read
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.path != path || c.size != info.Size() || !c.mod.Equal(info.ModTime()) {
		c.path, c.size, c.mod = path, info.Size(), info.ModTime()
		c.dates = sources.AppendOnlyDatesOf(path, nil)
	}
	return c.dates
}
