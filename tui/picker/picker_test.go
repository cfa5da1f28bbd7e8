package picker

import (
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/keys"
)

func TestMain(m *testing.M) { testkit.Main(m) }

var items = []Item{
	{Text: "dsr1 · 1k1k · b200 · sglang · fp4 · none", Note: "5 points · 2026-01-12"},
	{Text: "dsr1 · 1k1k · b200 · trt · fp4 · mtp", Note: "5 points · 2026-01-12"},
	{Text: "dsr1 · 8k1k · mi355x · sglang · fp4 · none", Note: "4 points · 2025-10-06"},
}

func typeIn(m *Model, s string) {
	for _, r := range s {
		if r == ' ' {
			m.Update(testkit.Key("space"))
			continue
		}
		m.Update(testkit.Key(string(r)))
	}
}

func TestFilterEveryWordAndChoose(t *testing.T) {
	m := New("pick", items, 2, false, nil, keys.Default().Picker)
	if m.Cursor() != 2 {
		t.Fatalf("cursor %d, want the current item 2", m.Cursor())
	}
	typeIn(m, "sglang 1k1k")
	if m.Cursor() != 0 || len(m.shown) != 1 {
		t.Errorf("sglang 1k1k: %v shown, cursor %d", m.shown, m.Cursor())
	}
	m.Update(testkit.Key("backspace"))
	m.Update(testkit.Key("backspace"))
	m.Update(testkit.Key("backspace"))
	m.Update(testkit.Key("backspace"))
	if len(m.shown) != 2 { // "sglang " matches both sglang curves
		t.Errorf("after backspace: %v", m.shown)
	}
	typeIn(m, "zzz")
	if m.Cursor() != -1 || m.Update(testkit.Key("enter")) != Open {
		t.Error("enter on an empty list must not choose")
	}
	if !strings.Contains(m.View(testkit.Plain(), 60, 5), "nothing matches") {
		t.Error("an empty list says nothing")
	}
	if m.Update(testkit.Key("esc")) != Canceled {
		t.Error("esc does not cancel")
	}
}

func TestMultiSelect(t *testing.T) {
	m := New("overlay", items, 0, true, []int{2}, keys.Default().Picker)
	m.Update(testkit.Key("tab"))
	m.Update(testkit.Key("down"))
	m.Update(testkit.Key("down"))
	m.Update(testkit.Key("tab"))
	if got := m.Picked(); len(got) != 1 || got[0] != 0 {
		t.Errorf("picked %v, want [0] (2 was toggled off)", got)
	}
	typeIn(m, "b200,trt")
	if len(m.shown) != 1 || m.Cursor() != 1 {
		t.Errorf("b200,trt: %v shown, cursor %d", m.shown, m.Cursor())
	}
	m.Update(testkit.Key("tab"))
	if got := m.Picked(); len(got) != 2 {
		t.Errorf("tab on the filtered item: picked %v", got)
	}
	if m.Update(testkit.Key("enter")) != Chosen {
		t.Error("enter does not apply")
	}
	st := testkit.Plain()
	for _, sz := range [][2]int{{1, 1}, {20, 3}, {80, 10}} {
		testkit.CheckSize(t, m.View(st, sz[0], sz[1]), sz[0], sz[1])
	}
	v := m.View(st, 80, 10)
	if !strings.Contains(v, "› [x] dsr1 · 1k1k · b200 · trt · fp4 · mtp        5 points · 2026-01-12") || !strings.Contains(v, "1 of 3 · 2 selected") {
		t.Errorf("view:\n%s", v)
	}
}

// A long curve name was cut at two thirds of the width while the short
// notes left a third of the line empty; the name now takes what the
// notes leave.
func TestLongTextTakesWhatTheNotesLeave(t *testing.T) {
	long := []Item{
		{Text: "Qwen/Qwen3-0.6B · unknown scenario · unknown hardware · unknown framework · unknown precision · unknown spec decoding", Note: "2 points · 2025-11-07"},
		{Text: "dsr1 · 1k1k · h200 · vllm · fp8 · unknown spec decoding", Note: "1 point · undated"},
	}
	for _, multi := range []bool{false, true} {
		m := New("pick", long, 0, multi, nil, keys.Default().Picker)
		v := m.View(testkit.Plain(), 150, 4)
		testkit.CheckSize(t, v, 150, 4)
		testkit.Contains(t, "picker", v, long[0].Text+"  "+long[0].Note, long[1].Note)
	}
}

// The overlay filter takes a space between words, as the curve picker's
// does; tab selects. The hint's example words are the caller's.
func TestMultiFilterTakesASpace(t *testing.T) {
	m := New("overlay", items, 0, true, nil, keys.Default().Picker)
	m.Example = "b200 fp4"
	typeIn(m, "b200 trt")
	if string(m.filter) != "b200 trt" || len(m.shown) != 1 || m.Cursor() != 1 || len(m.Picked()) != 0 {
		t.Errorf("filter %q: %v shown, cursor %d, picked %v", string(m.filter), m.shown, m.Cursor(), m.Picked())
	}
	if v := m.View(testkit.Plain(), 160, 5); !strings.Contains(v, "tab selects, enter applies · filter words: b200 fp4") {
		t.Errorf("hint:\n%s", v)
	}
}
