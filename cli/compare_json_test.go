package cli

import (
	"bytes"
	"math"
	"strconv"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render/termsafe"
)

// The streamed document is writeDoc's, byte for byte: with no point, one,
// and more points than one buffer holds, with and without noise; a gain
// writeDoc cannot write fails as writeDoc fails.
func TestCompareDocIsWriteDoc(t *testing.T) {
	key := model.CurveKey{Model: "m", Scenario: "1k1k", Hardware: "gb300", Framework: "a<b", Precision: "fp4"}
	gain := func(i int) model.PointGain {
		return model.PointGain{ID: "p" + strconv.Itoa(i), Curve: key, Gain: model.Gain{X: float64(i) / 7, Y: 1e-7 * float64(i),
			Other: 3, HasOther: i%3 != 0, GainPct: -1.5, Dashboard: 2.25, DashboardPct: 12}, WithinNoise: i%2 == 0, NotDrawn: "why\n"}
	}
	spread := model.MetricNoise{}
	for _, n := range []int{0, 1, 3, 5000} {
		doc := compareDoc{Axis: "p90-intvty", YAxis: "tput-per-gpu", Points: []model.PointGain{},
			Noise: []compareCurveNoise{{Curve: key}, {Curve: key, Noise: &spread}}}
		curves := []model.CurveGains{{Curve: key}, {Curve: key}, {Curve: key}} // the middle one without gains
		for i := range n {
			doc.Points = append(doc.Points, gain(i))
			c := &curves[2*(i%2)]
			c.Gains = append(c.Gains, gain(i))
		}
		doc.Points = append(append([]model.PointGain{}, curves[0].Gains...), curves[2].Gains...)
		for _, warnings := range [][]string{nil, {}, {"a warning", "<two>"}} {
			var want, got bytes.Buffer
			if err := writeDoc(&want, doc, warnings); err != nil {
				t.Fatal(err)
			}
			if err := writeCompareDoc(&got, compareDoc{Axis: doc.Axis, YAxis: doc.YAxis, Noise: doc.Noise}, curves, warnings); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Fatalf("%d points, warnings %q: %d bytes, writeDoc %d:\n%.600s\nwant\n%.600s", n, warnings, got.Len(), want.Len(), got.Bytes(), want.Bytes())
			}
		}
	}
	curves := []model.CurveGains{{Curve: key, Gains: []model.PointGain{gain(1), gain(2)}}}
	curves[0].Gains[1].GainPct = math.Inf(1)
	var got bytes.Buffer
	if err := writeCompareDoc(&got, compareDoc{Noise: []compareCurveNoise{}}, curves, nil); err == nil || got.Len() != 0 {
		t.Errorf("an infinite gain: error %v, %d bytes written; want writeDoc's error, nothing", err, got.Len())
	}
}

// escapeCounter is the terminal filter of --json, counting the writes it
// is told need no escaping.
type escapeCounter struct {
	*termsafe.JSONWriter
	escaped int
}

func (c *escapeCounter) WriteEscaped(b []byte) (int, error) {
	c.escaped++
	return c.JSONWriter.WriteEscaped(b)
}

// Through the terminal filter, gains with a bidirectional override, DEL,
// bytes not UTF-8 and characters JSON escapes in their first megabyte,
// plain ones after: the document is writeDoc's through the filter, byte
// for byte, and the plain megabytes are passed on unread.
func TestCompareDocThroughTheTerminalFilter(t *testing.T) {
	plain := model.CurveKey{Model: "dsv4", Scenario: "8k1k", Hardware: "gb300", Framework: "sglang", Precision: "fp4", Spec: "mtp"}
	odd := model.CurveKey{Model: "dsv4\u202e", Hardware: "b200", Framework: "vllm", Precision: "fp4"}
	ids := []string{"ok-1", "del\x7f", "bad\xffutf8", "a<b", "\u202eevil", "ünï"}
	var curves []model.CurveGains
	doc := compareDoc{Axis: "p90-intvty", YAxis: "tput-per-gpu", Noise: []compareCurveNoise{}}
	for c := range 6 {
		cg := model.CurveGains{Curve: plain}
		if c == 1 {
			cg.Curve = odd
		}
		for i := range 1000 {
			id := "p" + strconv.Itoa(c*1000+i)
			if c < 2 && i%97 == 0 {
				id = ids[i%len(ids)]
			}
			cg.Gains = append(cg.Gains, model.PointGain{ID: id, Curve: cg.Curve,
				Gain: model.Gain{X: float64(i) / 3, Y: float64(i * c), Other: 2, HasOther: i%4 != 0, GainPct: 0.5}})
		}
		curves = append(curves, cg)
		doc.Points = append(doc.Points, cg.Gains...)
	}
	var want, got bytes.Buffer
	ww := termsafe.NewJSONWriter(&want)
	if err := writeDoc(ww, doc, []string{"a \u202e warning"}); err != nil || ww.Flush() != nil {
		t.Fatal(err)
	}
	gw := &escapeCounter{JSONWriter: termsafe.NewJSONWriter(&got)}
	if err := writeCompareDoc(gw, compareDoc{Axis: doc.Axis, YAxis: doc.YAxis, Noise: doc.Noise}, curves, []string{"a \u202e warning"}); err != nil || gw.Flush() != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Fatalf("%d bytes, writeDoc through the filter %d", got.Len(), want.Len())
	}
	if !bytes.Contains(want.Bytes(), []byte(`\u202e`)) || bytes.Contains(want.Bytes(), []byte("\u202e")) {
		t.Fatal("the filter did not escape the override: the gains do not test it")
	}
	if gw.escaped == 0 || gw.escaped > 3 {
		t.Errorf("%d megabytes passed on unread, want the plain ones (1 to 3)", gw.escaped)
	}
}
