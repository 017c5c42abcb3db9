package rules

// ParseFragments reads excerpts of the official text: rules files that may
// start and end mid-document (their chapters and sections may have no
// headings, and consecutive files may overlap), and glossary files whose
// term lines may be missing. The result is linked.
func ParseFragments(rules, glossary []Source) *Edition {
	e := &Edition{Format: FormatText, Kind: KindExcerpt}
	for _, s := range rules {
		e.Files = append(e.Files, s.Name)
	}
	for _, s := range glossary {
		e.Files = append(e.Files, s.Name)
	}
	d := &diags{}
	if len(rules)+len(glossary) == 0 {
		d.errorf(0, "no files to read")
		e.Diagnostics = d.list
		return e
	}
	b := newTreeBuilder(e, d, true)
	var prev []tline
	read := 0
	for _, src := range rules {
		d.file = src.Name
		lines, _, ok := readText(src, e, d)
		if !ok {
			continue
		}
		if k := overlap(prev, lines); k > 0 {
			d.infof(int(lines[0].n), "the first %d line(s) repeat the end of the previous file; read once", k)
			lines = lines[k:]
		}
		b.run(lines)
		prev = lines
		read++
	}
	b.finish()
	if read > 0 && len(e.Sections) == 0 {
		d.errorf(1, "no numbered rules found in the excerpt")
	}
	for _, src := range glossary {
		d.file = src.Name
		lines, _, ok := readText(src, e, d)
		if !ok {
			continue
		}
		if hasTermLines(lines) {
			e.Glossary = append(e.Glossary, parseGlossary(lines, src.Name, d)...)
		} else {
			e.Glossary = append(e.Glossary, recoverGlossary(lines, src.Name, d)...)
		}
	}
	e.Diagnostics = append(e.Diagnostics, d.list...)
	Link(e)
	return e
}

// overlap returns the largest k such that the first k lines of next repeat
// the last k lines of prev (excerpts cut with a little overlap).
func overlap(prev, next []tline) int {
	max := min(len(prev), len(next), 64)
	for k := max; k > 0; k-- {
		same := true
		for i := 0; i < k; i++ {
			if prev[len(prev)-k+i].s != next[i].s {
				same = false
				break
			}
		}
		if same {
			return k
		}
	}
	return 0
}

// hasTermLines reports whether a glossary file still has its term lines:
// its paragraphs are separated by blank lines and start with short lines.
func hasTermLines(lines []tline) bool {
	terms, gaps := 0, 0
	for i, l := range lines {
		if l.gap {
			gaps++
			if termLine(l) && i+1 < len(lines) && !lines[i+1].gap {
				terms++
			}
		}
	}
	return gaps > 1 && terms*2 >= gaps
}
