package export

import (
	"strconv"
	"strings"

	"github.com/sweeptune/sweeptune/model"
)

// PointName is a point's name as the changelog entry and the PR body both
// write it, in the InferenceX PR's wording: "agg TP4 c16", "agg TP2/EP2
// c16" (a TEP2 agg worker), "8P c4096", "3P c1228 BS24" (concurrency,
// then the decode batch size). concs names a variant run at several
// concurrencies ("agg TP4 c1/c4/c16") when the knobs carry none.
func PointName(k model.Knobs, concs ...int) string {
	var b strings.Builder
	if k.Mode == model.ModeAgg {
		b.WriteString("agg ")
		b.WriteString(AggWorker(k.Prefill))
	} else {
		b.WriteString(strconv.Itoa(k.Prefill.Workers))
		b.WriteString("P")
		if k.Decode.Workers != 1 {
			b.WriteString(strconv.Itoa(k.Decode.Workers))
			b.WriteString("D")
		}
	}
	switch {
	case k.Concurrency == 0 && len(concs) > 0:
		parts := make([]string, len(concs))
		for i, n := range concs {
			parts[i] = "c" + strconv.Itoa(n)
		}
		b.WriteString(" " + strings.Join(parts, "/"))
	default:
		b.WriteString(" c" + strconv.Itoa(k.Concurrency))
	}
	if k.DecodeBS > 0 {
		b.WriteString(" BS" + strconv.Itoa(k.DecodeBS))
	}
	return b.String()
}

// AggWorker is an agg worker's parallelism as the PR writes it: "TP4",
// "TP2/EP2" (expert parallel as wide as tensor parallel), "DEP2".
func AggWorker(r model.Role) string {
	p := r.Parallelism()
	switch {
	case strings.HasPrefix(p, "tep"):
		return "TP" + p[3:] + "/EP" + p[3:]
	case strings.HasPrefix(p, "tp") && strings.Contains(p, "ep"):
		tp, ep, _ := strings.Cut(p[2:], "ep")
		return "TP" + tp + "/EP" + ep
	}
	return strings.ToUpper(p)
}
