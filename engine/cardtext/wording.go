package cardtext

import "strings"

// TodaysWording applies the template changes Oracle made to every card
// since the 2018 card data, so that the grammar, which follows today's
// Oracle wording, reads what it is meant to read: the coverage report
// measures it so, and the sandbox reads a card named from the data so. A
// newer AtomicCards.json needs none of it.
func TodaysWording(text string) string { return todaysWording.Replace(text) }

var todaysWording = strings.NewReplacer(
	"enters the battlefield", "enters", // 2024 (Duskmourn)
	"enter the battlefield", "enter",
	"Activate this ability only any time you could cast a sorcery", "Activate only as a sorcery", // 2021 (Strixhaven)
	"Activate this ability only", "Activate only",
	"converted mana cost", "mana value", // 2021
	"Then shuffle your library", "Then shuffle", // 2020 (Zendikar Rising)
	"then shuffle your library", "then shuffle",
	"shuffles their library", "shuffles",
)
