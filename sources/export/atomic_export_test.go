package export

// SetRename lets external tests interrupt a write before the rename step.
func SetRename(f func(string, string) error) (restore func()) {
	old := renameFile
	renameFile = f
	return func() { renameFile = old }
}
