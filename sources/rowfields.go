package sources

import "unsafe"

// apiKeys are the row keys a row decoder knows by name (topField and the
// API rows' fast path alike), by id; the ids below are their indexes. Aliases have ids of their own: two spellings of a field
// are two keys (the last one read wins, as in the general path).
var apiKeys = [...]string{
	kModel: "model", kPrefix: "infmax_model_prefix", kHardware: "hardware", kHW: "hw",
	kFramework: "framework", kPrecision: "precision", kSpecMethod: "spec_method",
	kSpecDecoding: "spec_decoding", kScenarioType: "scenario_type", kScenario: "scenario",
	kImage: "image", kDate: "date", kRunURL: "run_url", kDisagg: "disagg", kISL: "isl",
	kOSL: "osl", kConc: "conc", kTP: "tp", kEP: "ep", kNumGPUs: "num_gpus",
	kDPAttn: "dp_attention", kPreTP: "prefill_tp", kPreEP: "prefill_ep",
	kPreDPAttn: "prefill_dp_attention", kPreWorkers: "prefill_num_workers", kDecTP: "decode_tp",
	kDecEP: "decode_ep", kDecDPAttn: "decode_dp_attention", kDecWorkers: "decode_num_workers",
	kNumPreGPU: "num_prefill_gpu", kNumDecGPU: "num_decode_gpu", kMetrics: "metrics",
}

const (
	kModel = iota
	kPrefix
	kHardware
	kHW
	kFramework
	kPrecision
	kSpecMethod
	kSpecDecoding
	kScenarioType
	kScenario
	kImage
	kDate
	kRunURL
	kDisagg
	kISL
	kOSL
	kConc
	kTP
	kEP
	kNumGPUs
	kDPAttn
	kPreTP
	kPreEP
	kPreDPAttn
	kPreWorkers
	kDecTP
	kDecEP
	kDecDPAttn
	kDecWorkers
	kNumPreGPU
	kNumDecGPU
	kMetrics
	numAPIKeys
)

// apiKeyIDs finds a key's id; -1 for a key the row does not read.
var apiKeyIDs = func() map[string]int8 {
	m := make(map[string]int8, numAPIKeys)
	for id, k := range apiKeys {
		m[k] = int8(id)
	}
	return m
}()

// topKeyID is key's id in apiKeys; -1 for a key the row does not read.
func topKeyID(key []byte) int8 {
	if id, ok := apiKeyIDs[string(key)]; ok {
		return id
	}
	return -1
}

// rowFieldKind is how the value of a row's known key is read.
type rowFieldKind uint8

const (
	notAField  rowFieldKind = iota // metrics: an object, read member by member
	strField                       // a string or null
	boolField                      // true, false (or their strings) or null
	countField                     // a whole number or null
	gpusField                      // a GPU count: a whole number, never 0, or null
)

// rowFieldOf is, per known key (apiKeys), how its value is read and where
// in a resultRow it goes: the one spelling of the rows' fields, which the
// general decoder (topField) and the API rows' fast path (fastField) both
// read. TestRowFieldsAreTheirFields checks every kind against the Go type
// at its offset.
var rowFieldOf = [numAPIKeys]struct {
	kind rowFieldKind
	off  uintptr
}{
	kModel:        {strField, unsafe.Offsetof(resultRow{}.model)},
	kPrefix:       {strField, unsafe.Offsetof(resultRow{}.prefix)},
	kHardware:     {strField, unsafe.Offsetof(resultRow{}.hw)},
	kHW:           {strField, unsafe.Offsetof(resultRow{}.hw)},
	kFramework:    {strField, unsafe.Offsetof(resultRow{}.framework)},
	kPrecision:    {strField, unsafe.Offsetof(resultRow{}.precision)},
	kSpecMethod:   {strField, unsafe.Offsetof(resultRow{}.spec)},
	kSpecDecoding: {strField, unsafe.Offsetof(resultRow{}.spec)},
	kScenarioType: {strField, unsafe.Offsetof(resultRow{}.scenario)},
	kScenario:     {strField, unsafe.Offsetof(resultRow{}.scenario)},
	kImage:        {strField, unsafe.Offsetof(resultRow{}.image)},
	kDate:         {strField, unsafe.Offsetof(resultRow{}.date)},
	kRunURL:       {strField, unsafe.Offsetof(resultRow{}.runURL)},
	kDisagg:       {boolField, unsafe.Offsetof(resultRow{}.disagg)},
	kISL:          {countField, unsafe.Offsetof(resultRow{}.isl)},
	kOSL:          {countField, unsafe.Offsetof(resultRow{}.osl)},
	kConc:         {countField, unsafe.Offsetof(resultRow{}.conc)},
	kTP:           {countField, unsafe.Offsetof(resultRow{}.tp)},
	kEP:           {countField, unsafe.Offsetof(resultRow{}.ep)},
	kNumGPUs:      {gpusField, unsafe.Offsetof(resultRow{}.numGPUs)},
	kDPAttn:       {boolField, unsafe.Offsetof(resultRow{}.dpAttn)},
	kPreTP:        {countField, unsafe.Offsetof(resultRow{}.pre) + unsafe.Offsetof(rowRole{}.tp)},
	kPreEP:        {countField, unsafe.Offsetof(resultRow{}.pre) + unsafe.Offsetof(rowRole{}.ep)},
	kPreDPAttn:    {boolField, unsafe.Offsetof(resultRow{}.pre) + unsafe.Offsetof(rowRole{}.dpAttn)},
	kPreWorkers:   {countField, unsafe.Offsetof(resultRow{}.pre) + unsafe.Offsetof(rowRole{}.workers)},
	kDecTP:        {countField, unsafe.Offsetof(resultRow{}.dec) + unsafe.Offsetof(rowRole{}.tp)},
	kDecEP:        {countField, unsafe.Offsetof(resultRow{}.dec) + unsafe.Offsetof(rowRole{}.ep)},
	kDecDPAttn:    {boolField, unsafe.Offsetof(resultRow{}.dec) + unsafe.Offsetof(rowRole{}.dpAttn)},
	kDecWorkers:   {countField, unsafe.Offsetof(resultRow{}.dec) + unsafe.Offsetof(rowRole{}.workers)},
	kNumPreGPU:    {gpusField, unsafe.Offsetof(resultRow{}.numPreGPU)},
	kNumDecGPU:    {gpusField, unsafe.Offsetof(resultRow{}.numDecGPU)},
	kMetrics:      {notAField, 0},
}

// fieldAt is the field of r at off (an offset rowFieldOf gives).
func (r *resultRow) fieldAt(off uintptr) unsafe.Pointer { return unsafe.Add(unsafe.Pointer(r), off) }
