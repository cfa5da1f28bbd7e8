package cli

import (
	"bytes"
	"math"
	"strconv"
	"testing"

	"github.com/sweeptune/sweeptune/model"
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
