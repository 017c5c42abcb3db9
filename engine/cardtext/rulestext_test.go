package cardtext

import (
	"slices"
	"strings"
	"testing"
)

// TestAmountsReadOrFail: an amount the engine reads, it can evaluate where
// it is written; any other is an error naming where the sentence stopped,
// never an ability that counts 0. A static ability's amount is found
// again whenever characteristics are, so nothing chosen or done ("X",
// "that many") and no other object's toughness can be its amount.
func TestAmountsReadOrFail(t *testing.T) {
	tests := []struct {
		text  string
		spell bool
		want  string // "" reads; else the error contains it
	}{
		{"Fling deals damage equal to the sacrificed creature's power to any target.", true, ""},
		{"Creatures you control get +X/+X, where X is the number of cards in your hand.", false, ""},
		{"This creature's power and toughness are each equal to the number of creatures you control.", false, ""},
		{"You gain life equal to the number of card types among cards in all graveyards.", true, ""},
		{"Target creature gets +X/+0 until end of turn, where X is 1 plus its toughness.", true, ""},
		{"Fling deals damage equal to twice its power to any target.", true, `at "twice its power`},
		{"You gain life equal to the number of gizmos you control.", true, `at "gizmos you control.": life equal to what`},
		{"Enchanted creature gets +X/+X.", false, `X defined by ", where X is …"`},
		{"Enchanted creature gets +X/+0, where X is its toughness.", false, "an amount a static ability can count"},
		{"If you would lose the game, instead exile this creature and your life total becomes equal to your starting life total.", false, ""},
		{"At the beginning of your upkeep, if you control four or more Demons with different names, you win the game.", false, ""},
		{"Whenever this creature deals combat damage to a player, you get that many additional upkeep steps after this phase.", false, ""},
		{"You get an additional draw step after this phase.", true, ""},
		{"You get two additional gizmo steps after this phase.", true, "N additional upkeep steps after this phase"},
		{"Your life total becomes equal to the number of gizmos you control.", true, "your life total becomes N"},
	}
	for _, tt := range tests {
		readsOrFails(t, "Fling", tt.text, tt.spell, tt.want)
	}
}

// TestReminderText: reminder text, in parentheses at the end of a line,
// has no effect on the game (207.2): the ability reads without it.
func TestReminderText(t *testing.T) {
	tests := []struct{ text, want string }{
		{"{4}, {T}, Sacrifice Mindslaver: You control target player during that player's next turn. (You see all cards that player could see and make all decisions for the player.)",
			"{4}, {T}, Sacrifice Mindslaver: You control target player during that player's next turn."},
		{"Flying (This creature can't be blocked except by creatures with flying or reach.)", "Flying"},
		{"Draw two cards.", "Draw two cards."},
		{"(This is all reminder.)", "(This is all reminder.)"},
	}
	for _, tt := range tests {
		if got := withoutReminder(tt.text); got != tt.want {
			t.Errorf("withoutReminder(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
	abs, err := ParseAbilities("Mindslaver", tests[0].text, false, testLists)
	if err != nil || len(abs) != 1 || abs[0].Effect[0].Op != OpControlPlayer {
		t.Fatalf("Mindslaver: %v %v", abs, err)
	}
}

// TestReplacementEffectsRead: a replacement effect is read as "If EVENT,
// [instead] EFFECT [instead]." (614.1a), the event from the event grammar
// and the effect from the effect grammar, so the effects of other cards
// worded the same way read too; a sentence that doesn't fit errors naming
// the word where it stopped and what was expected.
func TestReplacementEffectsRead(t *testing.T) {
	tests := []struct {
		text string
		kind ReplEvent
		who  Whose
		ops  []Op
		want string // an error containing it
	}{
		{text: "If you would gain life, draw that many cards instead.", kind: EvtGainLife, who: Yours, ops: []Op{OpDraw}},
		{text: "If you would gain life, you gain twice that much life instead.", kind: EvtGainLife, who: Yours, ops: []Op{OpGainLife}},
		{text: "If an opponent would gain life, that player loses that much life instead.", kind: EvtGainLife, who: Opponents, ops: []Op{OpLoseLife}},
		{text: "If a player would gain life, you draw a card instead.", kind: EvtGainLife, who: AnyOnes, ops: []Op{OpDraw}},
		{text: "If you would draw a card, you may skip that draw instead.", kind: EvtDraw, who: Yours, ops: []Op{OpSkip}},
		{text: "If you would draw a card, return a card from your graveyard to your hand instead.", kind: EvtDraw, who: Yours, ops: []Op{OpBounce}},
		{text: "If an opponent would draw a card, you gain 3 life instead.", kind: EvtDraw, who: Opponents, ops: []Op{OpGainLife}},
		{text: "If you would lose the game, instead shuffle your hand, your graveyard, and all permanents you own into your library, then draw seven cards and your life total becomes 20.",
			kind: EvtLoseGame, who: Yours, ops: []Op{OpShuffleIn, OpDraw, OpSetLife}},
		{text: "If you would lose the game, instead you gain 10 life.", kind: EvtLoseGame, who: Yours, ops: []Op{OpGainLife}},
		{text: "If you would frobnicate, draw a card instead.", want: `at "frobnicate, draw a card …": what the player would do: gain life, draw a card, lose the game`},
		{text: "If you would gain life, draw that many cards.", want: `"instead": "If EVENT, EFFECT instead."`},
		{text: "If you would gain life draw that many cards instead.", want: `a comma after the event`},
		{text: "If you would gain life, frob that many cards instead.", want: `at "frob that many cards ins…": an instruction`},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Fountain", tt.text, false, tt.want)
		if !ok {
			continue
		}
		r := abs[0].Replace
		if r == nil || r.Kind != ReplInstead || r.Event == nil || r.Event.Kind != tt.kind || r.Event.Who != tt.who {
			t.Errorf("%q: read as %+v", tt.text, r)
			continue
		}
		var ops []Op
		for _, in := range r.Instead {
			ops = append(ops, in.Op)
		}
		if !slices.Equal(ops, tt.ops) {
			t.Errorf("%q: instead %v, want %v", tt.text, ops, tt.ops)
		}
	}
}

// TestCopyExceptionsReadOrFail: a copy effect's exception may be an effect
// as the copy enters (707.9e) or apply only "if it's a creature" (707.9f);
// both read, and an exception worded otherwise is an error, never dropped.
func TestCopyExceptionsReadOrFail(t *testing.T) {
	tests := []struct {
		text string
		want string // "" reads; else the error contains it
	}{
		{"You may have this creature enter as a copy of any creature on the battlefield, except it enters with X additional +1/+1 counters on it.", ""},
		{"You may have this creature enter as a copy of a permanent you control, except it's legendary and snow in addition to its other types and, if it's a creature, it enters with two additional +1/+1 counters on it and has changeling.", ""},
		{"You may have this creature enter as a copy of any creature on the battlefield, except it enters with two additional +1/+1 counters.", "it enters with N additional KIND counters on it"},
		{"You may have this creature enter as a copy of any creature on the battlefield, except it enters tapped.", `at "it enters tapped.": an exception`},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Copier", tt.text, false, tt.want)
		if ok && (len(abs) != 1 || abs[0].Replace == nil || abs[0].Replace.CopyMore == nil || abs[0].Replace.CopyMore.Kind != "+1/+1") {
			t.Errorf("%q: the exception's counters weren't read", tt.text)
		}
	}
}

// TestGameText: the instructions about the game itself read from their
// parts — a wish's card from outside the game, restarting, a subgame and
// what it means for who didn't win it — and a variant the engine doesn't
// have is an error where it stops.
func TestGameText(t *testing.T) {
	tests := []struct {
		name, text string
		spell      bool
		ops        []Op // "" reads; else the error contains want
		want       string
	}{
		{"Living Wish", "Choose a creature or land card you own from outside the game, reveal that card, and put it into your hand. Exile Living Wish.", true,
			[]Op{OpChooseCard, OpRevealObj, OpBounce, OpExile}, ""},
		{"Karn Liberated", "−14: Restart the game.", false, []Op{OpRestart}, ""},
		{"Shahrazad", "Players play a Magic subgame, using their libraries as their decks. Each player who doesn't win the subgame loses half their life, rounded up.", true,
			[]Op{OpSubgame, OpLoseLife}, ""},
		{"Shahrazad", "Players play a Magic subgame, using their hands as their decks.", true, nil, `using their libraries as their decks`},
		{"Shahrazad", "Each player loses half their life.", true, nil, "half their life, rounded up"},
		{"Living Wish", "Choose a creature you own from outside the game.", true, nil, "a card from outside the game"},
		// The wish worded with "reveal" (Granted, Burning Wish).
		{"Granted", "You may reveal a noncreature card you own from outside the game and put it into your hand.", true,
			[]Op{OpChooseCard, OpBounce}, ""},
		{"Burning Wish", "You may reveal a sorcery card you own from outside the game and put it into your hand. Exile Burning Wish.", true,
			[]Op{OpChooseCard, OpBounce, OpExile}, ""},
		{"Burning Wish", "You may reveal a sorcery card you own from your library.", true, nil, "a card from outside the game"},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, tt.name, tt.text, tt.spell, tt.want)
		if !ok {
			continue
		}
		var ops []Op
		for _, a := range abs {
			for _, in := range a.Effect {
				ops = append(ops, in.Op)
			}
		}
		if !slices.Equal(ops, tt.ops) {
			t.Errorf("%q: instructions %v, want %v", tt.text, ops, tt.ops)
		}
	}
}

// TestGrantedKeywordCost: an instruction granting a keyword whose meaning
// has a cost, without it ("gains flashback"), takes the cost from the next
// sentence (702.1a); without that sentence it's an error, never a keyword
// with no cost.
func TestGrantedKeywordCost(t *testing.T) {
	tests := []struct {
		text string
		want string // "" reads; else the error contains it
	}{
		{"Target sorcery card in your graveyard gains flashback until end of turn. The flashback cost is equal to its mana cost.", ""},
		{"Target instant card in your graveyard gains flashback until end of turn. The flashback cost is equal to its mana cost. Draw a card.", ""},
		{"Target sorcery card in your graveyard gains flashback until end of turn.", `what the flashback cost is`},
		{"Target sorcery card in your graveyard gains flashback until end of turn. The flashback cost is {2}.", `what the flashback cost is`},
	}
	for _, tt := range tests {
		if abs, ok := readsOrFails(t, "Recoup", tt.text, true, tt.want); ok {
			g := abs[0].Effect[0].Cont.Gain[0]
			if g.Keyword != "flashback" || g.KCost == nil || !g.KCost.SelfMana {
				t.Errorf("%q: granted %+v", tt.text, g)
			}
		}
	}
}

// TestCardNameRead: "Choose an artifact card name." is a choice of a name
// with the qualities of a noun phrase (201.4a), and "cards with that name"
// searches for it; a name of something other than a card is an error.
func TestCardNameRead(t *testing.T) {
	tests := []struct {
		text string
		ops  []Op
		want string // an error containing it
	}{
		{text: "Choose an artifact card name. Search target opponent's graveyard, hand, and library for any number of cards with that name and exile them. That player shuffles.",
			ops: []Op{OpChooseName, OpSearch, OpExile, OpShuffle}},
		{text: "Choose a creature card name. Target opponent reveals their hand.", ops: []Op{OpChooseName, OpReveal}},
		{text: "Choose an artifact creature name. Draw a card.", want: `at "name. Draw a card."`},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Dispossess", tt.text, true, tt.want)
		if !ok {
			continue
		}
		var ops []Op
		for _, in := range abs[0].Effect {
			ops = append(ops, in.Op)
		}
		if !slices.Equal(ops, tt.ops) {
			t.Errorf("%q: instructions %v, want %v", tt.text, ops, tt.ops)
		}
	}
}

// readsOrFails parses text as card name's abilities for a test whose want
// is "" when the text reads and otherwise part of the error it must give.
// It reports a text that reads when it shouldn't, or the other way round,
// and returns the abilities, true, only when the text read as wanted.
func readsOrFails(t *testing.T, name, text string, spell bool, want string) ([]*Ability, bool) {
	t.Helper()
	abs, err := ParseAbilities(name, text, spell, testLists)
	switch {
	case want != "":
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: got %v, want an error with %q", text, err, want)
		}
		return nil, false
	case err != nil:
		t.Errorf("%q: %v", text, err)
		return nil, false
	}
	return abs, true
}
