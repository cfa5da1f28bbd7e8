package export

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/sweeptune/sweeptune/sources"
)

// A checkout can ship any file, a journal or a temporary file included, so
// nothing found beside a target is trusted for its name (docs/export.md,
// "Interrupted exports"). What an export leaves to be cleaned up later
// carries a MAC under a secret kept in the user's state directory, outside
// every checkout: a journal holds the MAC of its contents, a temporary
// file's name ends in the MAC of its own name. Only what verifies is ever
// settled or removed.

// keyFile is the secret's file in sources.StateDir().
const keyFile = "export.key"

var ownKeys struct {
	sync.Mutex
	byPath map[string][]byte
	local  []byte // when the state directory cannot hold the key
}

// ownKey is the user's export secret, made on first use. When it cannot be
// read or made, a key of this process stands in: its journals and
// temporary files are then settled by this process only, and a later run
// says it cannot prove them its own.
func ownKey() []byte {
	path := filepath.Join(sources.StateDir(), keyFile)
	ownKeys.Lock()
	defer ownKeys.Unlock()
	if k, ok := ownKeys.byPath[path]; ok {
		return k
	}
	k, err := loadOrMakeKey(path)
	if err != nil {
		if ownKeys.local == nil {
			ownKeys.local = make([]byte, 32)
			rand.Read(ownKeys.local)
		}
		return ownKeys.local
	}
	if ownKeys.byPath == nil {
		ownKeys.byPath = map[string][]byte{}
	}
	ownKeys.byPath[path] = k
	return k
}

// loadOrMakeKey reads the key at path, or makes it: written to a
// temporary file and linked into place, so two processes starting at once
// agree on one key.
func loadOrMakeKey(path string) ([]byte, error) {
	if k, err := readKey(path); !errors.Is(err, fs.ErrNotExist) {
		return k, err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, err
	}
	k := make([]byte, 32)
	if _, err := rand.Read(k); err != nil {
		return nil, err
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+keyFile+".new-*")
	if err != nil {
		return nil, err
	}
	tmp := f.Name()
	defer os.Remove(tmp)
	_, werr := f.WriteString(hex.EncodeToString(k) + "\n")
	if err := errors.Join(werr, f.Chmod(0o600), f.Sync(), f.Close()); err != nil {
		return nil, err
	}
	if err := os.Link(tmp, path); err != nil && !errors.Is(err, fs.ErrExist) {
		return nil, err
	}
	return readKey(path)
}

// readKey reads a key file: a regular file (not a link) of 64 hex digits.
func readKey(path string) ([]byte, error) {
	info, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	data, err := sources.ReadRegularMax(path, 1<<10)
	if err != nil {
		return nil, err
	}
	k, err := hex.DecodeString(strings.TrimSpace(string(data)))
	if err != nil || len(k) != 32 {
		return nil, fmt.Errorf("%s: not a key", path)
	}
	return k, nil
}

// ownMAC is the MAC of data for the use named by kind.
func ownMAC(kind string, data []byte) []byte {
	m := hmac.New(sha256.New, ownKey())
	m.Write([]byte(kind))
	m.Write([]byte{0})
	m.Write(data)
	return m.Sum(nil)
}

// Temporary file names: "." + base + tempMark + 8 hex digits of nonce + 16
// of MAC. A user's own ".<x>.tmp-<digits>" never has the mark.
const (
	tempMark  = ".tmp-s"
	nonceHex  = 8
	tempMACHx = 16
)

// ownTempName is a fresh temporary name for base, provably this user's.
func ownTempName(base string) string {
	var nonce [nonceHex / 2]byte
	rand.Read(nonce[:])
	n := hex.EncodeToString(nonce[:])
	return "." + base + tempMark + n + tempMAC(base, n)
}

func tempMAC(base, nonce string) string {
	return hex.EncodeToString(ownMAC("temp", []byte(base+"\x00"+nonce)))[:tempMACHx]
}

// isOwnTemp reports whether name is a temporary file name ownTempName made
// (under this user's key), and the base it was made for.
func isOwnTemp(name string) (base string, ok bool) {
	i := strings.LastIndex(name, tempMark)
	if i < 2 || name[0] != '.' {
		return "", false
	}
	tok := name[i+len(tempMark):]
	if len(tok) != nonceHex+tempMACHx {
		return "", false
	}
	base = name[1:i]
	mac := tempMAC(base, tok[:nonceHex])
	return base, hmac.Equal([]byte(mac), []byte(tok[nonceHex:]))
}
