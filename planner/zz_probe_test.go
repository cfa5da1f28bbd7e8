package planner

import (
	"fmt"
	"testing"

	"github.com/sweeptune/sweeptune/sources"
)

func TestZZProbe(t *testing.T) {
	for _, f := range []string{"../../shared/planner-curves/gb200-dsr1-fp8-dynamo-trt-1k1k.yaml", "../../shared/planner-curves/gb300-dsr1-fp8-dynamo-sglang-8k1k.yaml", "../../shared/planner-curves/gb200-dsv4pro-dynamo-vllm-agentx-tep8-tp8.yaml"} {
		ds := sources.LoadPaths([]string{f}, sources.Options{})
		obsv, kind, _, err := observe(ds.Points)
		if err != nil {
			t.Fatal(err)
		}
		c, err := Calibrate(ds.Points)
		if err != nil {
			t.Log(err)
			continue
		}
		_ = kind
		fmt.Printf("%+v\n", ds.Points[0].Curve)
		fmt.Printf("%s f=%.4f u=%.3g d0=%.3g\n", f[28:], c.Params.F, c.Params.U, c.Params.D0)
		for _, l := range c.Params.Decode {
			fmt.Printf("  law %s α=%.4g β=%.4g assumed=%v admit=%.2f\n", l.Family, l.Alpha, l.Beta, l.SlopeAssumed, l.AdmitExcess)
		}
		setDeltas(obsv, &c.Params)
		setBatches(obsv, c.Params.F)
		for _, o := range obsv {
			fmt.Printf("  %-30s fam=%-5s D=%2d bs=%4.0f b̄=%7.2f bmax=%7.2f tpot=%.5f ttft=%.2f load/Np=%.0f\n", o.id, o.family, o.d, o.bs, o.bbar, o.bmax(), o.tpot, o.ttft, o.theta/float64(o.np))
		}
	}
}
