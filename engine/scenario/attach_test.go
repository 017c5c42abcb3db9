package scenario

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// printed holds what the seeds and the corpus print: example texts, and
// every paragraph (for quote: lines, which quote glossary definitions, rules
// and the classic page).
type printed struct {
	examples   map[string][]string // normalised example → where
	paragraphs []string            // normalised
}

var rstSub = regexp.MustCompile(`\|([^|\s]+)\|(\\ )?`)

func readPrinted(t *testing.T) *printed {
	p := &printed{examples: map[string][]string{}}
	addFile := func(where, text string, rst, prose bool) {
		lines := rules.Lines(text)
		for i := 0; i < len(lines); i++ {
			l := strings.TrimSpace(lines[i])
			if rst {
				l = rstSub.ReplaceAllString(l, "{$1}")
			}
			if l == "" {
				continue
			}
			p.paragraphs = append(p.paragraphs, Normalize(l))
			if prose {
				// The classic page labels no examples; its transcription
				// (content/classic/classic.md) marks some paragraphs as such.
				p.examples[Normalize(l)] = append(p.examples[Normalize(l)], where)
			}
			switch {
			case strings.HasPrefix(l, "Example:"):
				p.examples[Normalize(l)] = append(p.examples[Normalize(l)], where)
			case rst && l == ".. admonition:: Example":
				var body []string
				for i++; i < len(lines) && (strings.TrimSpace(lines[i]) == "" && len(body) == 0 || strings.TrimSpace(lines[i]) != ""); i++ {
					if s := strings.TrimSpace(lines[i]); s != "" {
						body = append(body, rstSub.ReplaceAllString(s, "{$1}"))
					}
				}
				i--
				ex := Normalize(strings.Join(body, " "))
				p.examples[ex] = append(p.examples[ex], where)
				p.paragraphs = append(p.paragraphs, ex)
			}
		}
	}
	seeds, _ := filepath.Glob(filepath.Join(corpustest.Path(t, "seeds"), "*.txt"))
	cr, _ := filepath.Glob(filepath.Join(corpustest.Path(t, "corpus", "cr"), "*.txt"))
	if len(seeds) == 0 || len(cr) == 0 {
		t.Fatal("no seeds or corpus files")
	}
	for _, f := range append(seeds, cr...) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text, _ := rules.Decode(b)
		addFile(filepath.Base(f), text, strings.Contains(text, ".. admonition::"), strings.HasPrefix(filepath.Base(f), "003_"))
	}
	// The older files wrap an example over several lines, which only the
	// rules parser joins: take the examples it reads from each corpus file
	// too, as the server and --coverage attach them.
	for _, f := range cr {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rules.Parse(rules.Source{Name: filepath.Base(f), Data: b}).Walk(func(r *rules.Rule) bool {
			for _, ex := range r.Examples() {
				p.examples[Normalize(ex.S)] = append(p.examples[Normalize(ex.S)], filepath.Base(f))
			}
			return true
		})
	}
	return p
}

// TestScenariosAttach checks that every example: line of every bundled
// scenario is an example the seeds or the corpus print, and every quote: line
// a passage they print, so each scenario really attaches somewhere.
func TestScenariosAttach(t *testing.T) {
	p := readPrinted(t)
	seeds := 0
	for _, sc := range bundled(t) {
		if len(sc.Examples)+len(sc.Quotes) == 0 {
			continue // a scenario of its own, attached to nothing printed
		}
		for _, e := range sc.Examples {
			where := p.examples[Normalize(e)]
			if len(where) == 0 {
				t.Errorf("%s: no edition prints the example %q", sc.Name, e)
			}
			for _, w := range where {
				if strings.HasPrefix(w, "00") {
					seeds++
				}
			}
			// MatchesExample is what the server uses.
			if !sc.MatchesExample("Example: " + e) {
				t.Errorf("%s doesn't match its own example", sc.Name)
			}
		}
		for _, q := range sc.Quotes {
			n, found := Normalize(q), false
			for _, par := range p.paragraphs {
				if strings.Contains(par, n) {
					found = true
					if !sc.MatchesText(par) {
						t.Errorf("%s doesn't match the paragraph it quotes", sc.Name)
					}
					break
				}
			}
			if !found {
				t.Errorf("%s: nothing prints the passage %q", sc.Name, q)
			}
		}
	}
	if seeds < 8 {
		t.Errorf("only %d scenario examples found in the seeds", seeds)
	}
}

// TestSeedExamplesCovered lists the seed examples this issue promised and
// checks that each has a bundled scenario attached.
func TestSeedExamplesCovered(t *testing.T) {
	scs := bundled(t)
	for _, want := range []string{
		"An object with a mana cost of {2}{W} is white, an object with a mana cost of {2} is colorless, and one with a mana cost of {2}{W}{B} is both white and black.",
		"A mana cost of {3}{U}{U} translates to a converted mana cost of 5.",
		`"Basic Land – Mountain" means the card is a land with the Mountain subtype. "Creature – Goblin Wizard" means the card is a creature with the subtypes Goblin and Wizard. "Artifact – Equipment" means the card is an artifact with the subtype Equipment.`,
		`"Basic Land -- Mountain" means the card is a land with the subtype Mountain. "Creature -- Goblin Wizard" means the card is a creature with the subtypes Goblin and Wizard. "Artifact -- Equipment" means the card is an artifact with the subtype Equipment.`,
		"The converted mana cost of a card with mana cost {1}{W/U}{W/U} is 3.",
		"The converted mana cost of a card with mana cost {2/B}{2/B}{2/B} is 6.",
		"The converted mana cost of a card with mana cost {1}{W/P}{W/P} is 3.",
		`Dryad Arbor's type line says "Land Creature -- Forest Dryad." Forest is a land type, and Dryad is a creature type.`,
		`When choosing a creature type, "Merfolk" or "Wizard" is acceptable, but "Merfolk Wizard" is not. Words like "artifact," "opponent," "Swamp," or "truck" can't be chosen because they aren't creature types.`,
		// The classic page (seed 003), an example in its transcription.
		"The effect on The Hive reads: \"Put a Wasp token into play. Treat this token as a 1/1 artifact creature with flying.\" Therefore, once the token's put into play it becomes a 1/1 artifact creature that has flying. If it's put into the graveyard, it leaves the game, but any effects that look for creatures entering the graveyard, such as Creature Bond's take effect normally.",
		// Issue 7: the stack, abilities and continuous effects.
		"An ability reads \"Target creature gets +2/+2 until end of turn. Destroy that creature at end of turn.\" The ability will destroy the object it gave +2/+2 at the end of the turn, even if that object isn't a creature anymore.",
		"An ability reads \"Target creature gets +2/+2 until end of turn.  Destroy that creature at the beginning of the next end step.\" The ability will destroy the object it gave +2/+2 to even if that object isn't a creature at the beginning of the next end step.",
		"Bottomless Vault is a land you can choose not to untap as normal; if it's already tapped and you can decline to untap it, it gains a storage counter. It also has a mana-producing ability, which reads: \"TAP: Remove any number of storage counters from Bottomless Vault. For each storage counter removed, add B to your mana pool.\" Therefore, you get B for each storage counter you remove from the Vault as you tap it.",
		"Saproling Burst has an ability that reads \u201cRemove a fade counter from Saproling Burst: Put a green Saproling creature token into play. It has \u2018This creature\u2019s power and toughness are each equal to the number of fade counters on Saproling Burst.\u2019\u201d The ability granted to the token only looks at the Saproling Burst that created the token, not at any other Saproling Burst in play.",
		"Saproling Burst has an ability that reads \"Remove a fade counter from Saproling Burst: Put a green Saproling creature token onto the battlefield. It has 'This creature's power and toughness are each equal to the number of fade counters on Saproling Burst.'\" The ability granted to the token only looks at the Saproling Burst that created the token, not at any other Saproling Burst on the battlefield.",
		"Quicksilver Elemental says, in part, \"{U}: Quicksilver Elemental gains all activated abilities of target creature until end of turn.\" If it gains an ability that says \"{B}: Regenerate Drudge Skeletons,\" activating that ability will regenerate Quicksilver Elemental, not the Drudge Skeletons it gained the ability from.",
		"Glacial Ray is an instant with \"splice onto Arcane\" that says \"Glacial Ray deals 2 damage to target creature or player.\" If it's spliced onto a Kodama's Reach, that Kodama's Reach deals 2 damage to the target creature or player.",
		"Dimir Doppelganger says \"{1}{U}{B}: Exile target creature card from a graveyard. Dimir Doppelganger becomes a copy of that card and gains this ability.\" Dimir Doppelganger's ability is activated targeting a Runeclaw Bear card. The Doppelganger becomes a copy of Runeclaw Bear and gains an ability that should be treated as saying \"{1}{U}{B}: Exile target creature card from a graveyard. Runeclaw Bear becomes a copy of that card and gains this ability.\"",
		"An ability reads, \"All lands are 1/1 creatures that are still lands.\" The affected lands now have two card types: creature and land. If there were any lands that were also artifacts before the ability's effect applied to them, those lands would become \"artifact land creatures,\" not just \"creatures,\" or \"land creatures.\" The effect allows them to retain both the card type \"artifact\" and the card type \"land.\" In addition, each land affected by the ability retains any land types and supertypes it had before the ability took effect.",
		"An ability reads, \"All artifacts are 1/1 artifact creatures.\" If a permanent is both an artifact and an enchantment, it will become an \"artifact enchantment creature.\"",
		"An ability reads, \"All lands are 1/1 creatures that are still lands.\" If any of the affected lands were legendary, they are still legendary.",
		"Lost Order of Jarkeld has power and toughness each equal to 1+*. It says \"As Lost Order of Jarkeld enters the battlefield, choose an opponent\" and \"Lost Order of Jarkeld's power and toughness are each equal to 1 plus the number of creatures that opponent controls.\" While Lost Order of Jarkeld isn't on the battlefield, there won't be a chosen opponent. Its power and toughness will each be equal to 1 plus 0, so it's 1/1.",
		"Mishra's Factory, a land, can become a 2/2 artifact creature for the rest of the turn. If it's given a +2/+2 counter while being a creature, the counter will remain on the Factory at the end of the turn, when it reverts to being just a land. If the Factory becomes a creature again, the counter will still be there, ready to give it +2/+2.",
		"Bob uses his Brothers of Fire ability to deal 1 damage to Sue's Black Knight (and 1 damage to himself). As soon as the ability is played, the fact that it was generated by a red creature (Brothers of Fire) is locked into the effect. If Sue responds by changing the Brother's color to white, the effect is still red and the damage that results from the effect is still treated as having come from a red source. Even if Sue responds by killing the Brothers with Terror, this won't cancel the effect already played.",
	} {
		n := 0
		for _, sc := range scs {
			if sc.MatchesExample(want) {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%d scenarios attach to %q", n, want)
		}
	}
	for _, want := range []string{
		// The classic page (seed 003) and the 2007 glossary (seed 002).
		"Counters that have the same name are considered interchangeable. For example, all effects that give a player poison counters say that a player with ten or more poison counters loses. Because these counters are all called the same thing, the source of a poison counter isn't important when checking whether a player loses. Also, all poison counters are considered the same for purposes of an effect that removes them.",
		"Certain spells and abilities require you to sacrifice a permanent, either as the cost for playing the spell or ability or as part of its effect. Also, effects often require a sacrifice as a penalty for something or as a cost to keep a permanent in play. A sacrificed permanent is always buried in its owner's graveyard. You can sacrifice only permanents that you control; whether you actually own them is unimportant.",
		"see rule 420). If a player has ten or more poison counters, he or she loses the game the next time a player would receive priority. (this is a state-based effect; see rule 420).",
		"When a phase ends, any unused mana remaining in a player’s mana pool is lost. The player loses 1 life for each mana lost this way. This is called “mana burn.” See rule 300.3.",
		// Issue 7: a sacrificed permanent stays sacrificed.
		"A given permanent can't be sacrificed more than once. Thus, you can't sacrifice the same permanent to pay for two abilities or to pay for the same ability twice. If the spell or effect that called for the sacrifice is countered, you don't get back the permanent that was sacrificed. (See countering.)",
	} {
		n := 0
		for _, sc := range scs {
			if sc.MatchesText(want) {
				n++
			}
		}
		if n == 0 {
			t.Errorf("no scenario attaches to %q", want)
		}
	}
}
