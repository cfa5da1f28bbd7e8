package tui

import (
	"io"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render/termsafe"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/sources/synth"
	"github.com/sweeptune/sweeptune/tui/workbench/session"
)

var sgr = regexp.MustCompile("\x1b\\[[0-9;:]*m")

// liveControl names the first thing in a frame, styling aside, that a
// terminal would act on.
func liveControl(frame string) string {
	s := sgr.ReplaceAllString(frame, "")
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1,
			r < 0x20 && r != '\n', r == 0x7f, r >= 0x80 && r <= 0x9f, r >= 0x202a && r <= 0x202e:
			return s[max(i-30, 0):min(i+30, len(s))]
		}
		i += n
	}
	return ""
}

// Labels, curve names, file names and warnings from a hostile directory
// used to reach the screen with their escape sequences live. Every frame of
// every pane now holds styling and nothing else, and shows the data escaped.
func TestNoDataEscapeReachesTheScreen(t *testing.T) {
	dir := t.TempDir()
	if _, err := synth.HostileFiles(dir); err != nil {
		t.Fatal(err)
	}
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.ANSI256)
	planned := session.Planned{ID: "x@planned", Label: "planned" + synth.Hostile, Image: synth.Hostile,
		Curve: model.CurveKey{Model: "model" + synth.Hostile},
		Knobs: model.Knobs{Mode: model.ModeDisagg, Concurrency: 8, Balance: synth.Hostile,
			Prefill: model.Role{Workers: 1, GPUs: 2, TP: 2}, Decode: model.Role{Workers: 1, GPUs: 16, TP: 16}},
		Metrics: map[string]float64{"tput-per-gpu": 1000, "mean-intvty": 100}}
	m := New(Options{Theme: "dark", Renderer: r, Note: "note " + synth.Hostile,
		Session: session.File{Version: 1, Planned: []session.Planned{planned}},
		Inputs:  sources.Inputs{Paths: []string{dir}}})
	resize(m, 220, 60)
	m.Update(m.load()())
	if len(m.State().Points) < 4 {
		t.Fatalf("%d points loaded", len(m.State().Points))
	}

	shown, styled := false, false
	check := func(step string) {
		t.Helper()
		settle(m)
		v := m.View()
		if bad := liveControl(v); bad != "" {
			t.Errorf("%s: a live control near %q", step, bad)
		}
		styled = styled || sgr.MatchString(v)
		shown = shown || strings.Contains(v, `\x1b]0;PWNED\x07`)
	}
	check("after load")
	for _, pane := range []string{"1", "2", "3", "4", "5"} {
		press(m, pane)
		check("pane " + pane)
		for range len(m.State().Points) + 1 {
			press(m, "j")
			check("pane " + pane + " moving")
		}
		press(m, "enter")
		check("pane " + pane + " enter")
		press(m, "esc")
	}
	press(m, "2", "m")
	check("a hostile point marked")
	press(m, "?")
	check("help")
	if !styled {
		t.Error("no styling left: the guard must keep SGR sequences")
	}
	if !shown {
		t.Error("the hostile text is not shown escaped")
	}
}

// safePoint escapes every string field of a point, found by reflection so
// that a field added to model.Point later cannot slip past it.
func TestSafePointCoversEveryStringField(t *testing.T) {
	var p model.Point
	n := 0
	var fill func(v reflect.Value)
	fill = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.String:
			v.SetString(synth.Hostile)
			n++
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				if v.Type().Field(i).IsExported() {
					fill(v.Field(i))
				}
			}
		}
	}
	fill(reflect.ValueOf(&p).Elem())
	in := []model.Point{p}
	out := termsafe.Points(in)
	q, changed := out[0], &out[0] != &in[0]
	if !changed || n < 15 {
		t.Fatalf("changed %v, %d string fields", changed, n)
	}
	var check func(v reflect.Value, path string)
	check = func(v reflect.Value, path string) {
		switch v.Kind() {
		case reflect.String:
			if bad := liveControl(v.String()); bad != "" {
				t.Errorf("%s keeps a live control: %q", path, bad)
			}
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				if v.Type().Field(i).IsExported() {
					check(v.Field(i), path+"."+v.Type().Field(i).Name)
				}
			}
		}
	}
	check(reflect.ValueOf(q), "Point")
}
