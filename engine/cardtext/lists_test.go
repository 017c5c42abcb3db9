package cardtext

// testLists are the type lists the grammar's tests read with: the built-in
// lists of the newest edition (what engine.Latest().Types holds).
var testLists = (&TypeLists{
	CardTypes: []string{"artifact", "battle", "conspiracy", "creature", "dungeon", "enchantment", "instant", "kindred",
		"land", "phenomenon", "plane", "planeswalker", "scheme", "sorcery", "vanguard"},
	Supertypes: []string{"basic", "legendary", "ongoing", "snow", "world"},
	Subtypes:   DefaultSubtypes,
}).Index()
