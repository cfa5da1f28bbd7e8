package export

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/sweeptune/sweeptune/sources"
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
		return fmt.Errorf("%s: %v", path, sources.PathErrText(err))
	}
	if r, _, err := sources.ParseRecipeDoc(path, old); err == nil && !r.Bundle && len(r.Overrides) == 0 {
		c.single = true
		return c.singles(filepath.Dir(path), path)
	}
	if err := c.readRecipe(old); err != nil {
		return err
	}
	adds, err := c.overrides()
	if err != nil {
		return err
	}
	c.review()
	if img, bimg := c.image(), c.base.Image; img != "" && bimg != "" && img != bimg {
		c.plan.Notes = append(c.plan.Notes, fmt.Sprintf("the points ran %s but the bundle's base container is %s: update model.container and the entry's image by hand", img, bimg))
	}
	newRecipe, err := c.editRecipe(string(old), adds)
	if err != nil {
		return err
	}
	c.change(path, old, []byte(newRecipe))
	return nil
}
