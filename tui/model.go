package tui

import (
	"io"
	"strings"
	"sync/atomic"
	"time"

	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/render/termsafe"
	"github.com/sweeptune/sweeptune/sources/watch"
	"github.com/sweeptune/sweeptune/themes"
	"github.com/sweeptune/sweeptune/tui/clip"
	"github.com/sweeptune/sweeptune/tui/curve"
	"github.com/sweeptune/sweeptune/tui/curvekeys"
	"github.com/sweeptune/sweeptune/tui/export"
	"github.com/sweeptune/sweeptune/tui/keys"
	"github.com/sweeptune/sweeptune/tui/layout"
	"github.com/sweeptune/sweeptune/tui/plan"
	"github.com/sweeptune/sweeptune/tui/points"
	"github.com/sweeptune/sweeptune/tui/review"
	"github.com/sweeptune/sweeptune/tui/scroll"
	"github.com/sweeptune/sweeptune/tui/statusline"
	"github.com/sweeptune/sweeptune/tui/workbench"
	"github.com/sweeptune/sweeptune/tui/workbench/session"
)

// Model is the root: it owns the shared state, routes messages (broadcast
// → owner → focused pane) and composes the cached pane views.
type Model struct {
	opts   Options
	keys   keys.KeyMap
	theme  string
	styles themes.Styles
	clip   io.Writer // where OSC 52 goes (C, P)
	st     *workbench.State

	panes  [layout.NumPanes]pane
	export *export.Model // the export pane, also panes[layout.Export]: its targets go in the session
	focus  int

	w, h int
	lay  layout.Layout

	gen     int // load generation; results of older ones are dropped
	loading bool
	spin    spinner.Model

	bar          statusline.Line  // the status line's message
	showHelp     bool             // ? : the full help is open
	help         scroll.View      // the full help, scrolled with the scroll keys
	curves       *curvekeys.Model // the curve keys, their pickers and the dates view
	zoomed       bool             // z: the focused pane alone on the screen
	statusH      int              // rows of the status line (a long message wraps)
	confirm      *confirm
	exported     string        // session.Signature at the last export
	restored     string        // what the session brought back, told with the first load
	pendingView  *session.File // a session whose curve and overlays wait for the first load
	warnings     []string      // the last load's, listed in the help
	watch        *watch.Watcher
	watchSeq     int  // changes seen; a debounce tick of an older one is stale
	burst        int  // bursts of changes; a deadline tick of an older one is stale
	watchPending bool // changes seen and not reloaded yet

	store   *session.Store // saves the session (made at the first save)
	saveErr error          // the last save's failure, said again when quitting

	prefetching   bool      // the work ahead runs (prefetch.go)
	prefetchAgain bool      // changes came since it started
	prefetchMore  bool      // it left work for the next round
	axesFirst     bool      // the last change was an axis: the next y and x come first
	aheadKey      aheadKey  // the view and axes the work ahead last started for
	aheadWanted   bool      // a key asks the work ahead to plan again (sync plans it)
	settling      bool      // a load's first frame is drawn and its settle runs: the work ahead waits for it
	settleHeld    []tea.Cmd // the panes' commands while settling (afterTheSettle)
	aheadFilter   string    // the table's filter the work ahead last started for
	// lastKey is when the last key arrived (unix ns), read by the work
	// ahead, which waits while keys come closer than yieldTo apart (0:
	// never waits, as in tests).
	lastKey *atomic.Int64
	yieldTo time.Duration

	boxes  [layout.NumPanes]boxCache
	rows   map[int]joinedRow // per grid row (its first slot): the row joined
	screen string            // the composed frame View returns

	// oneByOne turns deriveSideBySide off (tests: the frames with and
	// without it are the same); sideBySide counts the panes' works it made.
	oneByOne   bool
	sideBySide int
}

// New builds the workbench; nothing is read until Init's commands run.
func New(opts Options) *Model {
	if !themes.Valid(opts.Theme) {
		opts.Theme = themes.None
	}
	m := &Model{opts: opts, keys: keys.Default(), theme: opts.Theme, st: workbench.New(), loading: true, lastKey: new(atomic.Int64)}
	if opts.Specs != nil {
		m.st.Specs = opts.Specs
	}
	m.st.Loop.Path = opts.Ledger
	m.styles = themes.New(m.theme, opts.Renderer)
	m.clip = clip.Writer(opts.Clipboard)
	m.spin = spinner.New(spinner.WithSpinner(spinner.Dot))
	m.help = scroll.New(m.keys.Review.Scroll)
	m.curves = curvekeys.New(m.st, m.keys, opts.Export.ChangelogPath, opts.ViewDir, m.setStatus)
	notes := []string{}
	if opts.Note != "" {
		notes = append(notes, opts.Note)
	}
	sess := opts.Session
	dateFlag := opts.AsOf != "" || opts.AllDates
	if opts.Y.Name != "" {
		sess.YAxis = "" // a flag wins over the session
	}
	if dateFlag {
		sess.AsOf, sess.AllDates = "", false
	}
	if problems := sess.Apply(m.st); len(problems) > 0 {
		notes = append(notes, "session: "+strings.Join(problems, "; "))
	}
	m.restored = session.Restored(m.st)
	if sess.Curve != nil || sess.Overlays != nil {
		m.pendingView = &sess // the curve and overlays wait for the data
	}
	if opts.Y.Name != "" {
		m.st.SetY(opts.Y)
	}
	if opts.X.Name != "" {
		m.st.SetX(opts.X) // a flag wins over the session
	}
	if dateFlag {
		m.st.SetAsOf(opts.AsOf, opts.AllDates)
	}
	if opts.IncludeSuspect {
		m.st.ToggleIncludeSuspect()
	}
	saved, problem := opts.Session.ExportTargets()
	if problem != "" {
		notes = append(notes, "session: "+problem)
	}
	exportCfg := opts.Export.Fill(export.FromTargets(saved)) // flags first, then the session
	m.st.SetPlanned(termsafe.Points(m.st.Planned))
	m.exported = opts.Session.Exported
	if len(notes) > 0 {
		m.hold(strings.Join(notes, " · "))
	}
	m.export = export.New(m.st, m.keys.Export, m.styles, exportCfg)
	m.panes = [layout.NumPanes]pane{
		layout.Curve:   curve.New(m.st, m.keys.Curve, m.styles),
		layout.Points:  points.New(m.st, m.keys.Points, m.styles),
		layout.Planner: plan.New(m.st, m.keys.Planner, m.styles),
		layout.Review:  review.New(m.st, m.keys.Review, m.styles),
		layout.Export:  m.export,
	}
	m.st.TakeChanges()
	m.compose()
	return m
}

// Init starts the first load and the spinner; the first frame (spinner,
// empty panes) is drawn before any data arrives.
func (m *Model) Init() tea.Cmd {
	return tea.Batch(m.spin.Tick, m.load(), m.waitWatch(), m.checkTargets())
}

// checkTargets looks at the export's target files at start, so a mistyped
// --recipe is reported now, not after an hour of planning.
func (m *Model) checkTargets() tea.Cmd {
	cfg := m.exportConfig()
	return func() tea.Msg { return targetsCheckedMsg{problems: export.CheckTargets(cfg)} }
}

// exportConfig is where the export goes now.
func (m *Model) exportConfig() export.Config { return m.export.Config() }

// State exposes the shared state to tests.
func (m *Model) State() *workbench.State { return m.st }

// Focus is the focused pane's ID.
func (m *Model) Focus() int { return m.focus }

// Layout is the current layout.
func (m *Model) Layout() layout.Layout { return m.lay }
