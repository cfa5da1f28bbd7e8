package sources

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
)

// Digest is the hex SHA-256 of data. A short name made from it (a record's
// ID, a session's or a cache's file name) is a prefix: its first 2n
// characters are the hex of the hash's first n bytes.
func Digest(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// FileDigest is the Digest of what path holds now (read as ReadRegular
// reads), "" when there is no file: an export's journal and a session
// tell by it whether a file changed since they last saw it.
func FileDigest(path string) (string, error) {
	data, err := ReadRegular(path)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	return Digest(data), nil
}
