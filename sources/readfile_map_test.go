package sources

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/sources/synth"
)

// mapped maps the file at path for a test, or skips where files are not
// mapped.
func mapped(t *testing.T, path string) *fileData {
	t.Helper()
	f, size, err := openRegular(path, MaxFileBytes)
	if err != nil {
		t.Fatal(err)
	}
	fd := mapData(f, size)
	if fd == nil {
		f.Close()
		t.Skip("files are not mapped here")
	}
	t.Cleanup(fd.release)
	return fd
}

// touchStrings reads every byte of every string in v, and counts them.
func touchStrings(v reflect.Value) int {
	switch v.Kind() {
	case reflect.String:
		n := 0
		for _, c := range []byte(v.String()) {
			n += int(c) & 1
		}
		return n + v.Len()
	case reflect.Struct:
		n := 0
		for i := range v.NumField() {
			n += touchStrings(v.Field(i))
		}
		return n
	case reflect.Slice, reflect.Array:
		n := 0
		for i := range v.Len() {
			n += touchStrings(v.Index(i))
		}
		return n
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			return touchStrings(v.Elem())
		}
	case reflect.Map:
		n := 0
		for it := v.MapRange(); it.Next(); {
			n += touchStrings(it.Key()) + touchStrings(it.Value())
		}
		return n
	}
	return 0
}

// A mapped file parses to what its bytes in memory parse to, and nothing
// parsed from it points into the mapping: once unmapped, every string of
// every point and warning still reads (a string left in the mapping would
// fault). Rows with a bad one among them take the sequential path.
func TestMappedRowsKeepNoBytes(t *testing.T) {
	rows := synth.Rows(30000, 12)
	bad := bytes.Replace(rows, []byte(`"conc": `), []byte(`"conc": -`), 1)
	for name, data := range map[string][]byte{"parallel": rows, "again": rows, "with a bad row": bad} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "rows.json")
			os.WriteFile(path, append([]byte("\ufeff"), data...), 0o644)
			want := &Dataset{}
			loadFile(path, data, Options{}, want)

			fd := mapped(t, path)
			got := &Dataset{}
			if !loadMapped(path, fd, Options{}, got) {
				t.Fatal("API rows were not parsed from the mapping")
			}
			fd.release()
			defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
			if touchStrings(reflect.ValueOf(got.Points)) == 0 {
				t.Fatalf("no strings: %d points, %d warnings %v", len(got.Points), len(got.Warnings), got.Warnings)
			}
			touchStrings(reflect.ValueOf(got.Warnings))
			if len(got.Points) != len(want.Points) || !reflect.DeepEqual(got, want) {
				t.Fatalf("mapped: %d points, %v; in memory: %d, %v", len(got.Points), got.Warnings, len(want.Points), want.Warnings)
			}
			if name == "with a bad row" && len(got.Warnings) != 1 {
				t.Fatalf("warnings %v", got.Warnings)
			}
		})
	}
}

// A file cut short while mapped (its lost pages fault when read) is skipped
// with a warning, the process unharmed; a file of another format is left
// to be read into memory.
func TestMappedFileCutShort(t *testing.T) {
	rows := synth.Rows(30000, 12)
	path := filepath.Join(t.TempDir(), "rows.json")
	os.WriteFile(path, rows, 0o644)
	fd := mapped(t, path)
	if err := os.Truncate(path, int64(len(rows)/3)); err != nil {
		t.Fatal(err)
	}
	ds := &Dataset{}
	if !loadMapped(path, fd, Options{}, ds) {
		t.Fatalf("not parsed from the mapping: %v", ds.Warnings)
	}
	if len(ds.Points) != 0 || len(ds.Warnings) != 1 || !strings.Contains(ds.Warnings[0].Msg, "changed while being read") {
		t.Fatalf("%d points, warnings %v", len(ds.Points), ds.Warnings)
	}

	table := filepath.Join(t.TempDir(), "points.csv")
	os.WriteFile(table, []byte("model,hardware,conc\nx,h100,4\n"), 0o644)
	if loadMapped(table, mapped(t, table), Options{}, &Dataset{}) {
		t.Fatal("a points table was parsed from its mapping")
	}
}

// A load that maps its file gives what one that reads it gives, to the
// last field, after the load's joins and IDs.
func TestLoadMappedSameAsRead(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rows.json")
	os.WriteFile(path, synth.Rows(20000, 12), 0o644)
	load := func(rule mapRule) *Dataset {
		ds := &Dataset{}
		readAndLoadMapping(path, Options{Source: "sweep"}, ds, rule)
		finish(ds, Options{})
		return ds
	}
	got, want := load(mapRule{any: 1}), load(mapRule{})
	if len(got.Points) != 20000 || !reflect.DeepEqual(got, want) {
		t.Fatalf("mapped %d points, %v; read %d, %v", len(got.Points), got.Warnings, len(want.Points), want.Warnings)
	}
}

// A file that is not the size it was opened at is not mapped (the load
// reads it instead): a shrunk one would fault, a grown one be cut short.
func TestMapDataSizeChanged(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rows.json")
	os.WriteFile(path, synth.Rows(100, 2), 0o644)
	f, size, err := openRegular(path, MaxFileBytes)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, n := range []int64{size - 1, size + 1} {
		if fd := mapData(f, n); fd != nil {
			fd.release()
			t.Fatalf("mapped as %d bytes when it holds %d", n, size)
		}
	}
}

// A load maps every file of mapMin bytes or more, and a file that begins
// as API rows (parsed from the mapping) from rowsMapMin on: read, such a
// file stood in the heap beside its points until the parse ended.
func TestLoadMapsRowsFromTheParallelSize(t *testing.T) {
	rows := synth.Rows(100, 2)
	table := []byte("model,hardware,conc\nx,h100,4\n")
	for _, c := range []struct {
		size  int64
		first []byte
		want  bool
	}{
		{rowsMapMin - 1, rows, false},
		{rowsMapMin, rows, true},
		{rowsMapMin, append([]byte("\ufeff"), rows...), true},
		{rowsMapMin, table, false},
		{mapMin - 1, table, false},
		{mapMin, table, true},
	} {
		if got := loadMaps.maps(c.size, head(c.first, sniffBytes)); got != c.want {
			t.Errorf("%d bytes beginning %.20q: mapped %v, want %v", c.size, c.first, got, c.want)
		}
	}
	if (mapRule{}).maps(mapMin, rows) {
		t.Error("the empty rule mapped a file")
	}

	path := filepath.Join(t.TempDir(), "rows.json")
	data := synth.Rows(8000, 12)
	if int64(len(data)) < rowsMapMin {
		t.Fatalf("%d bytes of rows, fewer than the %d mapped", len(data), rowsMapMin)
	}
	os.WriteFile(path, data, 0o644)
	fd, err := openData(path, loadMaps)
	if err != nil {
		t.Fatal(err)
	}
	defer fd.release()
	if !fd.mapped && mapped(t, path) != nil {
		t.Fatal("a rows file of the parallel size was read into memory where files map")
	}
}
