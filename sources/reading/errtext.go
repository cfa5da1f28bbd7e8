package reading

import (
	"fmt"
	"io/fs"

	"go.yaml.in/yaml/v3"
)

// YAMLErr shortens yaml.v3's messages ("yaml: line 3: …") to the part a user needs.
func YAMLErr(err error) string {
	if te, ok := err.(*yaml.TypeError); ok && len(te.Errors) > 0 {
		return te.Errors[0]
	}
	return err.Error()
}

// PathErr drops the path an *fs.PathError repeats, for a message that names the file already.
func PathErr(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return fmt.Errorf("%s", pe.Err)
	}
	return err
}
