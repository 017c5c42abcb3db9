// Package content embeds Arbiter's default editions: the founding seed
// documents, each in a directory with an edition.txt manifest. See README.md
// for the layout and the Markdown dialect.
package content

import "embed"

// FS holds every default edition; load it with rules.Load(content.FS, ".").
//
//go:embed README.md */edition.txt */*.txt */*.md
var FS embed.FS
