// Package search finds rules, examples and glossary entries the way a
// judge asks for them: ranked by BM25 with headings, definitions and exact
// phrases first, forgiving of typos, slang and questions in plain words,
// and quick.
//
// # One edition
//
// An Index searches one edition; MemIndex, built in memory by Build (build.go),
// is the implementation: each distinct paragraph is tokenized once, then
// postings and positions are counted and filled term by term. A Searcher
// holds an index per edition of a library, built when first used, the
// newest always and others least recently used first out (Keep).
//
// # Every edition
//
// A search of every edition (edition:all) does not search 76 indexes.
// Most of the rules read alike from one edition to the next, and
// rules.Compact makes paragraphs that read alike one canonical list, so
// the Searcher builds one more index (union.go) whose documents are the
// distinct entries — same paragraphs, title and headings above — each with
// the places (edition, entry) it stands: 18,219 documents for the 190,401
// entries of the 73 editions since 2003. Indexing each distinct paragraph
// text once instead (12,308 rule paragraphs) would save a quarter of the
// tokens but score documents from paragraphs at every query; entries are
// what a hit is, so entries it is.
//
// Its hits are grouped by lineage (lineage.go): an entry through time as
// rules/history follows it, so 704.5j (since 2017), 704.5k (2009–2017) and
// 420.5e (2003–2009) are one hit, shown as today's rule with its old
// numbers. A lineage scores the best of its versions, each version but
// today's counting oldWeight of its score, so today's rule comes first
// when an old wording matches about as well. Histories are asked for once
// per lineage (some 4,500, 0.5 s of CPU in all) and kept as an int32 per
// entry; a server finds them all in the background after start. Before
// the library is whole (while editions load), hits group by number.
//
// Measured on the 73 editions (BenchmarkBuild, BenchmarkLineages,
// BenchmarkAllEditions, BenchmarkAllEditionsCold; a shared 2-core machine):
//
//	the newest edition's index          2.9 MiB, built in ~26 ms of CPU
//	the lineages of every entry         1.4 MiB, ~0.5 s of CPU in the background
//	the index of every edition         11.8 MiB, built in ~100 ms on one core
//	                                    and ~80 on the other, on first use
//	a search of every edition, warm     ~2 ms p50, ~10–15 ms p99 of CPU
//
// The index of every edition is built on first use rather than at start,
// where it would take a server from some 137 MiB to past its 150 MiB
// limit, and dropped after ten minutes unused (DropAllAfter). Near that
// limit the build allocates (some 38 MiB, 12 of them kept) with the
// collector running over the editions' heap meanwhile: the first search
// of every edition takes some 150–320 ms (BenchmarkAllEditionsCold).
//
// # Questions as people ask them
//
// Players and judges ask in their own words: "can my wall attack", "am I
// dead", "blood moon on my shocklands", "GRV". The lexicon (lexicon.tsv,
// data to review) maps table words, the cards judges are asked about and
// judge shorthand to the documents' words and entries (lexicon.go); a
// query word no entry holds is read as a close word of the edition only
// when it is neither a common English word (english.txt, from WordNet)
// nor a lexicon word, so "pump" is not "jump"; question words weigh only
// when nothing else does, and say whether a definition is wanted
// (intent.go); the rule that defines a term of the query ranks higher
// (define.go); a glossary entry cites what the entry it sends the reader
// to cites, and its citations count whenever its term is in the query,
// pointing at the subrule that says the term; a title the query names
// lifts its subrules, and a rule that introduces its subrules as a list
// ("The state-based actions are as follows:") draws on those that
// matched; a keyword's or a variant's rules count half when the query
// does not name it, a glossary entry whose term a question does not name
// counts half again, a possessive ("my opponent's graveyard", where the
// rules say "any graveyard") weighs less, and a question asking when
// favours rules that name a step or phase (rank.go); hits are grouped by
// rule (group.go).
//
// # Evaluation
//
// testdata/table-tune.tsv and table-test.tsv hold 339 questions written as
// people talk at tables and in judge chats, across the CR's sections and
// the MTR, IPG and JAR, with the entries a judge accepts; the halves were
// split once, by the hash of each question, before any tuning, and only
// the tuning half's misses are ever listed. TestTableQuestions (eval_test.go)
// reports top-1/3/10 and MRR of both halves for Arbiter and for a plain
// BM25 index of the same editions (bm25_test.go); testdata/questions.tsv
// and the judge queries (judge_test.go) are older sets, tuned on.
package search
