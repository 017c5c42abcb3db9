package rules

import (
	"fmt"
	"io"
)

// ExportFormats are the formats Export writes, by name and file extension.
var ExportFormats = []string{"json", "md"}

// Export writes e in the named format: "md" (ExportMarkdown, the dialect
// ParseMarkdown reads back to the same tree) or "json" (ExportJSON).
func Export(w io.Writer, e *Edition, format string) error {
	switch format {
	case "md":
		return ExportMarkdown(w, e)
	case "json":
		return ExportJSON(w, e)
	}
	return fmt.Errorf("unknown export format %q (want json or md)", format)
}
