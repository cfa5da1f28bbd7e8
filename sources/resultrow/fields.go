package resultrow

import "unsafe"

// Keys are the row keys a row decoder knows by name (topField and the
// API rows' fast path alike), by id; the ids below are their indexes. Aliases have ids of their own: two spellings of a field
// are two keys (the last one read wins, as in the general path).
var Keys = [...]string{
	kModel: "model", kPrefix: "infmax_model_prefix", kHardware: "hardware", kHW: "hw",
	kFramework: "framework", kPrecision: "precision", kSpecMethod: "spec_method",
	kSpecDecoding: "spec_decoding", kScenarioType: "scenario_type", kScenario: "scenario",
	kImage: "image", kDate: "date", kRunURL: "run_url", kDisagg: "disagg", kISL: "isl",
	kOSL: "osl", kConc: "conc", kTP: "tp", kEP: "ep", kNumGPUs: "num_gpus",
	kDPAttn: "dp_attention", kPreTP: "prefill_tp", kPreEP: "prefill_ep",
	kPreDPAttn: "prefill_dp_attention", kPreWorkers: "prefill_num_workers", kDecTP: "decode_tp",
	kDecEP: "decode_ep", kDecDPAttn: "decode_dp_attention", kDecWorkers: "decode_num_workers",
	kNumPreGPU: "num_prefill_gpu", kNumDecGPU: "num_decode_gpu", KeyMetrics: "metrics",
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
	KeyMetrics
	NumKeys
)

// keyIDs finds a key's id; -1 for a key the row does not read.
var keyIDs = func() map[string]int8 {
	m := make(map[string]int8, NumKeys)
	for id, k := range Keys {
		m[k] = int8(id)
	}
	return m
}()

// KeyID is key's id in Keys; -1 for a key the row does not read.
func KeyID(key []byte) int8 {
	if id, ok := keyIDs[string(key)]; ok {
		return id
	}
	return -1
}

// FieldKind is how the value of a row's known key is read.
type FieldKind uint8

const (
	NotAField  FieldKind = iota // metrics: an object, read member by member
	StrField                    // a string or null
	BoolField                   // true, false (or their strings) or null
	CountField                  // a whole number or null
	GPUsField                   // a GPU count: a whole number, never 0, or null
)

// Field is how a known key's value is read (Kind) and where in a Row it
// goes (Str, Bool, Int find it).
type Field struct {
	Kind FieldKind
	off  uintptr
}

// Fields is, per known key (Keys), how its value is read and where
// in a Row it goes: the one spelling of the rows' fields, which the
// general decoder (sources' topField) and the API rows' fast path
// (sources/fastrows) both
// read. TestRowFieldsAreTheirFields checks every kind against the Go type
// at its offset.
var Fields = [NumKeys]Field{
	kModel:        {StrField, unsafe.Offsetof(Row{}.Model)},
	kPrefix:       {StrField, unsafe.Offsetof(Row{}.Prefix)},
	kHardware:     {StrField, unsafe.Offsetof(Row{}.HW)},
	kHW:           {StrField, unsafe.Offsetof(Row{}.HW)},
	kFramework:    {StrField, unsafe.Offsetof(Row{}.Framework)},
	kPrecision:    {StrField, unsafe.Offsetof(Row{}.Precision)},
	kSpecMethod:   {StrField, unsafe.Offsetof(Row{}.Spec)},
	kSpecDecoding: {StrField, unsafe.Offsetof(Row{}.Spec)},
	kScenarioType: {StrField, unsafe.Offsetof(Row{}.Scenario)},
	kScenario:     {StrField, unsafe.Offsetof(Row{}.Scenario)},
	kImage:        {StrField, unsafe.Offsetof(Row{}.Image)},
	kDate:         {StrField, unsafe.Offsetof(Row{}.Date)},
	kRunURL:       {StrField, unsafe.Offsetof(Row{}.RunURL)},
	kDisagg:       {BoolField, unsafe.Offsetof(Row{}.Disagg)},
	kISL:          {CountField, unsafe.Offsetof(Row{}.ISL)},
	kOSL:          {CountField, unsafe.Offsetof(Row{}.OSL)},
	kConc:         {CountField, unsafe.Offsetof(Row{}.Conc)},
	kTP:           {CountField, unsafe.Offsetof(Row{}.TP)},
	kEP:           {CountField, unsafe.Offsetof(Row{}.EP)},
	kNumGPUs:      {GPUsField, unsafe.Offsetof(Row{}.NumGPUs)},
	kDPAttn:       {BoolField, unsafe.Offsetof(Row{}.DPAttn)},
	kPreTP:        {CountField, unsafe.Offsetof(Row{}.Pre) + unsafe.Offsetof(Role{}.TP)},
	kPreEP:        {CountField, unsafe.Offsetof(Row{}.Pre) + unsafe.Offsetof(Role{}.EP)},
	kPreDPAttn:    {BoolField, unsafe.Offsetof(Row{}.Pre) + unsafe.Offsetof(Role{}.DPAttn)},
	kPreWorkers:   {CountField, unsafe.Offsetof(Row{}.Pre) + unsafe.Offsetof(Role{}.Workers)},
	kDecTP:        {CountField, unsafe.Offsetof(Row{}.Dec) + unsafe.Offsetof(Role{}.TP)},
	kDecEP:        {CountField, unsafe.Offsetof(Row{}.Dec) + unsafe.Offsetof(Role{}.EP)},
	kDecDPAttn:    {BoolField, unsafe.Offsetof(Row{}.Dec) + unsafe.Offsetof(Role{}.DPAttn)},
	kDecWorkers:   {CountField, unsafe.Offsetof(Row{}.Dec) + unsafe.Offsetof(Role{}.Workers)},
	kNumPreGPU:    {GPUsField, unsafe.Offsetof(Row{}.NumPreGPU)},
	kNumDecGPU:    {GPUsField, unsafe.Offsetof(Row{}.NumDecGPU)},
	KeyMetrics:    {NotAField, 0},
}

// Str is r's string field f (f.Kind StrField).
func (r *Row) Str(f Field) *string { return (*string)(unsafe.Add(unsafe.Pointer(r), f.off)) }

// Bool is r's boolean field f (f.Kind BoolField).
func (r *Row) Bool(f Field) *bool { return (*bool)(unsafe.Add(unsafe.Pointer(r), f.off)) }

// Int is r's whole-number field f (f.Kind CountField or GPUsField).
func (r *Row) Int(f Field) *int { return (*int)(unsafe.Add(unsafe.Pointer(r), f.off)) }
