package cardtext

import (
	"regexp"
	"sort"
	"strings"

	"github.com/arbiter-rules/arbiter/engine/registry"
)

// SubtypeKind names a set of subtypes (205.3 in current rules): creature
// types, land types and so on. Instants and sorceries share spell types;
// creatures and tribals (kindreds) share creature types.
type SubtypeKind string

const (
	CreatureType     SubtypeKind = "creature"
	LandType         SubtypeKind = "land"
	ArtifactType     SubtypeKind = "artifact"
	EnchantmentType  SubtypeKind = "enchantment"
	PlaneswalkerType SubtypeKind = "planeswalker"
	SpellType        SubtypeKind = "spell"
	PlanarType       SubtypeKind = "planar"
	BattleType       SubtypeKind = "battle"
	DungeonType      SubtypeKind = "dungeon"
)

// subtypeKinds is the order correlation tries kinds in (205.3c): creature
// first, because in editions before 2009 an artifact creature's subtypes were
// creature types (2007: 205.3e).
var subtypeKinds = []SubtypeKind{CreatureType, LandType, ArtifactType, EnchantmentType, PlaneswalkerType, SpellType, BattleType, DungeonType, PlanarType}

// kindOfCardType says which subtypes a card type correlates with.
var kindOfCardType = map[string]SubtypeKind{
	"creature": CreatureType, "tribal": CreatureType, "kindred": CreatureType,
	"land": LandType, "artifact": ArtifactType, "enchantment": EnchantmentType,
	"planeswalker": PlaneswalkerType, "instant": SpellType, "sorcery": SpellType,
	"plane": PlanarType, "battle": BattleType, "dungeon": DungeonType,
}

// KindOf returns the subtype kind a card type correlates with, e.g.
// "Creature" → CreatureType, and false for types without subtypes.
func KindOf(cardType string) (SubtypeKind, bool) {
	k, ok := kindOfCardType[strings.ToLower(cardType)]
	return k, ok
}

// ParseKind reads a subtype kind as a judge writes it: "creature", "land",
// "spell", "instant" (= spell), "planar" or "plane".
func ParseKind(s string) (SubtypeKind, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	for _, k := range subtypeKinds {
		if string(k) == s {
			return k, true
		}
	}
	return KindOf(s)
}

// TypeLists holds an edition's lists of card types, supertypes and subtypes.
// Complete says the lists were read from the edition's own text; the
// built-in lists are short, enough for the bundled scenarios.
type TypeLists struct {
	CardTypes  []string
	Supertypes []string
	Subtypes   map[SubtypeKind][]string
	Complete   bool

	cardTypes, supertypes map[string]string                 // folded → as printed
	subtypes              map[SubtypeKind]map[string]string // folded → as printed
	twoWord               map[SubtypeKind]bool              // kind has a two-word subtype
}

// Index builds the lookup maps; lists are never changed afterwards.
func (l *TypeLists) Index() *TypeLists {
	l.cardTypes = foldMap(l.CardTypes)
	l.supertypes = foldMap(l.Supertypes)
	l.subtypes = map[SubtypeKind]map[string]string{}
	l.twoWord = map[SubtypeKind]bool{}
	for k, names := range l.Subtypes {
		l.subtypes[k] = foldMap(names)
		for _, n := range names {
			if strings.Contains(n, " ") {
				l.twoWord[k] = true
			}
		}
	}
	return l
}

func foldMap(names []string) map[string]string {
	m := make(map[string]string, len(names))
	for _, n := range names {
		m[registry.Fold(n)] = TitleWord(n)
	}
	return m
}

// TitleWord capitalises a card type read from running text ("artifact");
// subtypes are printed capitalised already.
func TitleWord(s string) string {
	s = registry.Straighten(s)
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// CardType returns the card type as printed ("Creature") and whether the
// edition has it.
func (l *TypeLists) CardType(s string) (string, bool) {
	v, ok := l.cardTypes[registry.Fold(s)]
	return v, ok
}

// Supertype returns the supertype as printed and whether the edition has it.
func (l *TypeLists) Supertype(s string) (string, bool) {
	v, ok := l.supertypes[registry.Fold(s)]
	return v, ok
}

// Subtype returns the subtype as printed and whether it is one of kind's.
func (l *TypeLists) Subtype(k SubtypeKind, s string) (string, bool) {
	v, ok := l.subtypes[k][registry.Fold(s)]
	return v, ok
}

// KindsOf lists every kind whose list has s, in correlation order.
func (l *TypeLists) KindsOf(s string) []SubtypeKind {
	var out []SubtypeKind
	f := registry.Fold(s)
	for _, k := range subtypeKinds {
		if _, ok := l.subtypes[k][f]; ok {
			out = append(out, k)
		}
	}
	return out
}

// Type lists are printed as "The land types are Desert, Forest, … and
// Urza's.", "The only spell type at this time is Arcane." (2009), "… is as follows: Aura, Shrine." (old glossaries) or "One creature
// type is two words long: Time Lord. All other creature types are one word
// long: Advisor, …", with cross-references "(see rule 301.5)" among the items.
var (
	listIntro  = regexp.MustCompile(`(?i)\b(?:the|other|that|one)\s+(?:[a-z]+\s+)?(?:super)?(?:types are|type is)(?:\s+(?:one|two) words? long:)?\s*|\bthe only [a-z]+ type at this time is\s+`)
	glossList  = regexp.MustCompile(`(?i)is as follows:\s*`)
	parenthese = regexp.MustCompile(`\s*\([^)]*\)`)
)

// ParseTypeList reads the items of the type list(s) in a rule's or glossary
// entry's text, in order, deduplicated. Glossary entries of older editions
// introduce theirs with "is as follows:", and only that is read from them.
// It returns nil if the text lists none.
func ParseTypeList(text string) []string {
	text = registry.Straighten(text)
	intro := listIntro
	if glossList.MatchString(text) {
		intro = glossList
	}
	var out []string
	seen := map[string]bool{}
	for _, loc := range intro.FindAllStringIndex(text, -1) {
		rest := text[loc[1]:]
		// The list runs to the end of its sentence: a period followed by a
		// space and a capital, or the end of the text.
		end := len(rest)
		for i := 0; i+2 < len(rest); i++ {
			if rest[i] == '.' && rest[i+1] == ' ' && rest[i+2] >= 'A' && rest[i+2] <= 'Z' {
				end = i
				break
			}
		}
		list := strings.TrimSuffix(strings.TrimSpace(parenthese.ReplaceAllString(rest[:end], "")), ".")
		for _, item := range strings.Split(list, ",") {
			item = strings.TrimPrefix(strings.TrimSpace(item), "and ")
			for _, p := range strings.Split(item, " and ") {
				add(&out, seen, p)
			}
		}
	}
	return out
}

func add(out *[]string, seen map[string]bool, item string) {
	item = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(item), "."))
	if item == "" || len(item) > 40 || seen[registry.Fold(item)] {
		return
	}
	seen[registry.Fold(item)] = true
	*out = append(*out, item)
}

// DefaultSubtypes are the built-in subtype lists. The creature types are
// those rule 205.3m of the 2026-01-16 rules lists (a superset of older
// editions'); the other lists are short, enough for the bundled scenarios
// and everyday examples. An edition built from its own text
// (FromRules) uses the full lists printed in 205.3 (204.3 in 2009–2011; the
// glossary before that).
var DefaultSubtypes = map[SubtypeKind][]string{
	CreatureType: {
		"Time Lord", "Advisor", "Aetherborn", "Alien", "Ally", "Angel", "Antelope", "Ape", "Archer", "Archon",
		"Armadillo", "Army", "Artificer", "Assassin", "Assembly-Worker", "Astartes", "Atog", "Aurochs", "Avatar",
		"Azra", "Badger", "Balloon", "Barbarian", "Bard", "Basilisk", "Bat", "Bear", "Beast", "Beaver", "Beeble",
		"Beholder", "Berserker", "Bird", "Bison", "Blinkmoth", "Boar", "Bringer", "Brushwagg", "Camarid", "Camel",
		"Capybara", "Caribou", "Carrier", "Cat", "Centaur", "Child", "Chimera", "Citizen", "Cleric", "Clown",
		"Cockatrice", "Construct", "Coward", "Coyote", "Crab", "Crocodile", "C’tan", "Custodes", "Cyberman",
		"Cyclops", "Dalek", "Dauthi", "Demigod", "Demon", "Deserter", "Detective", "Devil", "Dinosaur", "Djinn",
		"Doctor", "Dog", "Dragon", "Drake", "Dreadnought", "Drix", "Drone", "Druid", "Dryad", "Dwarf", "Echidna",
		"Efreet", "Egg", "Elder", "Eldrazi", "Elemental", "Elephant", "Elf", "Elk", "Employee", "Eye", "Faerie",
		"Ferret", "Fish", "Flagbearer", "Fox", "Fractal", "Frog", "Fungus", "Gamer", "Gargoyle", "Germ", "Giant",
		"Gith", "Glimmer", "Gnoll", "Gnome", "Goat", "Goblin", "God", "Golem", "Gorgon", "Graveborn", "Gremlin",
		"Griffin", "Guest", "Hag", "Halfling", "Hamster", "Harpy", "Hedgehog", "Hellion", "Hero", "Hippo",
		"Hippogriff", "Homarid", "Homunculus", "Horror", "Horse", "Human", "Hydra", "Hyena", "Illusion", "Imp",
		"Incarnation", "Inkling", "Inquisitor", "Insect", "Jackal", "Jellyfish", "Juggernaut", "Kangaroo", "Kavu",
		"Kirin", "Kithkin", "Knight", "Kobold", "Kor", "Kraken", "Llama", "Lamia", "Lammasu", "Leech", "Lemur",
		"Leviathan", "Lhurgoyf", "Licid", "Lizard", "Lobster", "Manticore", "Masticore", "Mercenary", "Merfolk",
		"Metathran", "Minion", "Minotaur", "Mite", "Mole", "Monger", "Mongoose", "Monk", "Monkey", "Moogle",
		"Moonfolk", "Mount", "Mouse", "Mutant", "Myr", "Mystic", "Nautilus", "Necron", "Nephilim", "Nightmare",
		"Nightstalker", "Ninja", "Noble", "Noggle", "Nomad", "Nymph", "Octopus", "Ogre", "Ooze", "Orb", "Orc",
		"Orgg", "Otter", "Ouphe", "Ox", "Oyster", "Pangolin", "Peasant", "Pegasus", "Pentavite", "Performer", "Pest",
		"Phelddagrif", "Phoenix", "Phyrexian", "Pilot", "Pincher", "Pirate", "Plant", "Platypus", "Porcupine",
		"Possum", "Praetor", "Primarch", "Prism", "Processor", "Qu", "Rabbit", "Raccoon", "Ranger", "Rat", "Rebel",
		"Reflection", "Rhino", "Rigger", "Robot", "Rogue", "Sable", "Salamander", "Samurai", "Sand", "Saproling",
		"Satyr", "Scarecrow", "Scientist", "Scion", "Scorpion", "Scout", "Sculpture", "Seal", "Serf", "Serpent",
		"Servo", "Shade", "Shaman", "Shapeshifter", "Shark", "Sheep", "Siren", "Skeleton", "Skunk", "Slith",
		"Sliver", "Sloth", "Slug", "Snail", "Snake", "Soldier", "Soltari", "Sorcerer", "Spawn", "Specter",
		"Spellshaper", "Sphinx", "Spider", "Spike", "Spirit", "Splinter", "Sponge", "Squid", "Squirrel", "Starfish",
		"Surrakar", "Survivor", "Symbiote", "Synth", "Tentacle", "Tetravite", "Thalakos", "Thopter", "Thrull",
		"Tiefling", "Toy", "Treefolk", "Trilobite", "Triskelavite", "Troll", "Turtle", "Tyranid", "Unicorn",
		"Vampire", "Varmint", "Vedalken", "Villain", "Volver", "Wall", "Walrus", "Warlock", "Warrior", "Weasel",
		"Weird", "Werewolf", "Whale", "Wizard", "Wolf", "Wolverine", "Wombat", "Worm", "Wraith", "Wurm", "Yeti",
		"Zombie", "Zubera"},
	LandType:     {"Desert", "Forest", "Island", "Lair", "Locus", "Mine", "Mountain", "Plains", "Power-Plant", "Swamp", "Tower", "Urza's"},
	ArtifactType: {"Equipment", "Fortification", "Contraption", "Vehicle", "Spacecraft"},
	// The Lorwyn five and a few since: the planeswalker uniqueness rule
	// (2007–2017) needs a type to compare.
	PlaneswalkerType: {"Ajani", "Chandra", "Elspeth", "Garruk", "Gideon", "Jace", "Karn", "Liliana", "Nissa", "Sarkhan", "Sorin", "Tezzeret"},
	EnchantmentType:  {"Aura", "Shrine"},
	SpellType:        {"Adventure", "Arcane", "Trap"},
}

// sortedKinds lists a TypeLists' subtype kinds in correlation order.
func (l *TypeLists) sortedKinds() []SubtypeKind {
	var ks []SubtypeKind
	for k := range l.Subtypes {
		ks = append(ks, k)
	}
	sort.Slice(ks, func(i, j int) bool { return kindRank(ks[i]) < kindRank(ks[j]) })
	return ks
}

func kindRank(k SubtypeKind) int {
	for i, x := range subtypeKinds {
		if x == k {
			return i
		}
	}
	return len(subtypeKinds)
}
