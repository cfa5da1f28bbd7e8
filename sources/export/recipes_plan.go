package export

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/sweeptune/sweeptune/sources/reading"
	"github.com/sweeptune/sweeptune/sources/srt"
	"go.yaml.in/yaml/v3"
)

// recipes writes the recipe side of an export: override blocks into a
// bundle, or new files beside their nearest sibling when --recipe is a
// single-topology recipe or a directory of them.
func (c *exportCtx) recipes() error {
	path := c.req.RecipePath
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		c.single = true
		return c.singles(path, "")
	}
	old, err := c.req.ReadFile(path)
	if err != nil {
		return fmt.Errorf("%s: %v", path, reading.PathErr(err))
	}
	r, warns, err := srt.ParseRecipeDoc(path, old)
	if err == nil && !r.Bundle && len(r.Overrides) == 0 {
		c.single = true
		return c.singles(filepath.Dir(path), path)
	}
	if err := c.useRecipe(old, r, warns, err); err != nil {
		return err
	}
	adds, err := c.overrides()
	if err != nil {
		return err
	}
	c.review()
	newRecipe, err := c.editRecipe(string(old), adds)
	if err != nil {
		return err
	}
	if newRecipe, err = c.setContainer(newRecipe, append([]string{"base"}, srt.ImagePath...), c.base.Image); err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	if newRecipe, err = c.setFrameworkPin(newRecipe, []string{"base", "identity", "frameworks", "dynamo"}); err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	c.warnEnginePins(newRecipe, []string{"base", "identity", "frameworks"}, c.base.Image)
	c.change(path, old, []byte(newRecipe))
	return nil
}

// setContainer writes --image as the recipe's model.container (at path)
// when it differs from the container the recipe names (had), else says why
// the container is left alone.
func (c *exportCtx) setContainer(text string, path []string, had string) (string, error) {
	img := c.image()
	switch {
	case img == "" || img == had:
		return text, nil
	case c.req.Image == "":
		c.imageNote(fmt.Sprintf("the bundle's base container is %s", had))
		return text, nil
	}
	tp, err := srt.NewTextPatch(text)
	if err != nil {
		return "", err
	}
	if err := tp.Set(path, c.req.Image); err != nil {
		return "", err
	}
	c.plan.Notes = append(c.plan.Notes, fmt.Sprintf("%s: model.container: %s → %s (--image)", filepath.Base(c.req.RecipePath), orNone(had), c.req.Image))
	return tp.Result(), nil
}

// setFrameworkPin moves the Dynamo version a recipe pins beside its
// container (identity.frameworks.dynamo) to --router-version, when the
// recipe pins one.
func (c *exportCtx) setFrameworkPin(text string, path []string) (string, error) {
	rv := c.req.RouterVersion
	if rv == "" {
		return text, nil
	}
	var doc yaml.Node
	if yaml.Unmarshal([]byte(text), &doc) != nil || len(doc.Content) == 0 {
		return text, nil
	}
	n := doc.Content[0]
	for _, k := range path {
		if n = srt.MapValue(n, k); n == nil {
			return text, nil
		}
	}
	if n.Kind != yaml.ScalarNode || n.Value == rv {
		return text, nil
	}
	tp, err := srt.NewTextPatch(text)
	if err != nil {
		return "", err
	}
	if err := tp.Set(path, rv); err != nil {
		return "", err
	}
	c.plan.Notes = append(c.plan.Notes, fmt.Sprintf("%s: %s: %s → %s (--router-version)", filepath.Base(c.req.RecipePath), strings.Join(path[1:], "."), n.Value, rv))
	return tp.Result(), nil
}

// warnEnginePins names each engine build a recipe pins beside its
// container (identity.frameworks.<engine>, every framework but dynamo, which
// --router-version moves) when --image moved the container away from had:
// the pin still names the old image's build and no flag knows the new one.
func (c *exportCtx) warnEnginePins(text string, path []string, had string) {
	if c.req.Image == "" || had == "" || c.req.Image == had {
		return
	}
	var doc yaml.Node
	if yaml.Unmarshal([]byte(text), &doc) != nil || len(doc.Content) == 0 {
		return
	}
	n := doc.Content[0]
	for _, k := range path {
		if n = srt.MapValue(n, k); n == nil {
			return
		}
	}
	if n.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Value == "dynamo" || v.Kind != yaml.ScalarNode || v.Value == "" {
			continue
		}
		c.plan.Notes = append(c.plan.Notes, fmt.Sprintf("warning: %s: %s.%s still pins %s, the build of the old container %s; no flag sets it: edit it to the build %s bundles",
			filepath.Base(c.req.RecipePath), strings.Join(path[1:], "."), k.Value, v.Value, had, c.req.Image))
	}
}

// imageNote says once why the image is left alone: the points ran
// another image than the recipe or the entry names, and --image was not
// given to update them together.
func (c *exportCtx) imageNote(what string) {
	if c.imageNoted {
		return
	}
	c.imageNoted = true
	img := c.image()
	c.plan.Notes = append(c.plan.Notes, fmt.Sprintf("the points ran %s but %s: pass it as --image to update model.container and the entry's image", img, what))
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}
