package views

import _ "embed"

// HelpMarkdown is the help page's text; the server renders it with goldmark.
//
//go:embed help.md
var HelpMarkdown string
