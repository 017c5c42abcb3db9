package cardtext

import (
	"slices"
	"testing"
)

// TestKeywordsMeant: prowess, exalted, flanking and bushido read as the
// triggered abilities their rules say they mean (702.108a, 702.83a,
// 702.25a, 702.45a), named by the keyword; horsemanship is a keyword of
// its own (702.31).
func TestKeywordsMeant(t *testing.T) {
	tests := []struct {
		text, kw string
		n        int
		event    TrigEvent
		check    func(*Ability) bool
	}{
		{"Prowess", "prowess", 0, TrigCast, func(a *Ability) bool {
			return a.Trigger.Who == Yours && a.Trigger.Spell != nil && slices.Contains(a.Trigger.Spell.Not, "creature")
		}},
		{"Exalted", "exalted", 0, TrigAttacks, func(a *Ability) bool { return a.Trigger.Alone && a.Trigger.What.Control == Yours }},
		{"Flanking", "flanking", 0, TrigBlocked, func(a *Ability) bool {
			return a.Trigger.By != nil && slices.Equal(a.Trigger.By.Without, []string{"flanking"}) && a.Effect[0].Cont != nil
		}},
		{"Bushido 2", "bushido", 2, TrigBlocks, func(a *Ability) bool {
			return a.Trigger.Or != nil && a.Trigger.Or.Event == TrigBlocked && a.Trigger.Or.What.Self
		}},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Bloodfire Expert", tt.text, false, "")
		if !ok {
			continue
		}
		if len(abs) != 1 {
			t.Errorf("%q: %d abilities, want 1", tt.text, len(abs))
			continue
		}
		a := abs[0]
		if a.Kind != AbTriggered || a.Keyword != tt.kw || a.N != tt.n || a.Trigger == nil || a.Trigger.Event != tt.event || !tt.check(a) {
			t.Errorf("%q: %+v (trigger %+v), want %s %d triggering on event %d", tt.text, a, a.Trigger, tt.kw, tt.n, tt.event)
		}
	}
	abs, ok := readsOrFails(t, "Barbarian General", "Horsemanship", false, "")
	if ok && (len(abs) != 1 || abs[0].Kind != AbKeyword || abs[0].Keyword != "horsemanship") {
		t.Errorf("Horsemanship: %+v", abs)
	}
}

// TestTriggerForms: "attacks alone" (506.5), two events of one object
// ("blocks or becomes blocked"), a quality a creature lacks ("without
// flanking") and "the blocking creature".
func TestTriggerForms(t *testing.T) {
	tests := []struct {
		text string
		want string // "" reads; else the error contains it
	}{
		{"Whenever a creature you control attacks alone, that creature gets +1/+1 until end of turn.", ""},
		{"Whenever this creature blocks or becomes blocked, it gets +1/+1 until end of turn.", ""},
		{"Whenever Devoted Retainer blocks or becomes blocked, it gets +1/+1 until end of turn.", ""},
		{"Whenever this creature becomes blocked by a creature without flying, the blocking creature gets -1/-1 until end of turn.", ""},
		{"Whenever this creature blocks or gizmos, it gets +1/+1 until end of turn.", "the trigger condition ends at the comma"},
		{"Whenever this creature attacks, the blocking creature gets -1/-1 until end of turn.", "the blocking creature"},
	}
	for _, tt := range tests {
		readsOrFails(t, "Devoted Retainer", tt.text, false, tt.want)
	}
}

// TestNoUntapAndUncounterable: 502.3's "doesn't untap" statics and a
// spell's "can't be countered" (113.6g).
func TestNoUntapAndUncounterable(t *testing.T) {
	tests := []struct {
		text    string
		spell   bool
		affects ORefKind // 0: the uncounterable keyword
		want    string
	}{
		{"Famished Paladin doesn't untap during your untap step.", false, RefSelf, ""},
		{"Enchanted creature doesn't untap during its controller's untap step.", false, RefEnchanted, ""},
		{"Enchanted permanent doesn't untap during its controller's untap step.", false, RefEnchanted, ""},
		{"Creatures don't untap during their controllers' untap steps.", false, RefGroup, ""},
		{"Enchanted creature doesn't untap during your untap step.", false, 0, "its controller's untap step"},
		{"This spell can't be countered.", true, 0, ""},
		{"Famished Paladin can't be countered.", false, 0, ""},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Famished Paladin", tt.text, tt.spell, tt.want)
		if !ok {
			continue
		}
		a := abs[0]
		if tt.affects == 0 {
			if a.Kind != AbStatic || a.Keyword != KeywordUncounterable {
				t.Errorf("%q: %+v, want the can't-be-countered static", tt.text, a)
			}
			continue
		}
		if len(a.Static) != 1 || a.Static[0].Rules == nil || a.Static[0].Rules.Kind != RuleNoUntap || a.Static[0].Affects.Kind != tt.affects {
			t.Errorf("%q: %+v, want RuleNoUntap affecting %d", tt.text, a, tt.affects)
		}
	}
}

// TestManaChoices: "Add {G} or {W}." and "Add {R}, {G}, or {W}." add one
// mana of a type chosen among those listed; a list without "or" or with
// more than one mana in an option is not one.
func TestManaChoices(t *testing.T) {
	tests := []struct {
		text string
		or   int    // options after the first
		want string // "" reads; else the error contains it
	}{
		{"{T}: Add {G} or {W}.", 1, ""},
		{"{T}: Add {R}, {G}, or {W}.", 2, ""},
		{"{T}: Add {G} or {W}. Brushland deals 1 damage to you.", 1, ""},
		{"{T}: Add {G}.", 0, ""},
		{"{T}: Add {G}, {W}.", 0, "{W}"},
		{"{T}: Add {G} or {W}{W}.", 0, "or {W}{W}"},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Brushland", tt.text, false, tt.want)
		if !ok {
			continue
		}
		ms := abs[0].Effect[0].Mana
		if ms == nil || len(ms.Or) != tt.or || !abs[0].Mana {
			t.Errorf("%q: %+v, want a mana ability with %d other choices", tt.text, ms, tt.or)
		}
	}
}

// TestActivateDuring: an activated ability's timing restrictions (602.5b)
// beside "as a sorcery" and "once each turn".
func TestActivateDuring(t *testing.T) {
	tests := []struct {
		text string
		want ActivateWhen
		err  string
	}{
		{"{T}: Add {G}. Activate only during your upkeep.", ActivateWhen{OwnTurn: true, Step: StepUpkeep}, ""},
		{"{T}: Add {G}. Activate only during your turn.", ActivateWhen{OwnTurn: true}, ""},
		{"{T}: Add {G}. Activate only during your turn, before attackers are declared.", ActivateWhen{OwnTurn: true, BeforeAttackers: true}, ""},
		{"{T}: Add {G}. Activate only before attackers are declared.", ActivateWhen{BeforeAttackers: true}, ""},
		{"{T}: Add {G}. Activate only during your turn and only once each turn.", ActivateWhen{OwnTurn: true}, ""},
		{"{T}: Add {G}. Activate only during combat.", ActivateWhen{}, `a restriction: "as a sorcery"`},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Apprentice Sorcerer", tt.text, false, tt.err)
		if !ok {
			continue
		}
		if d := abs[0].During; d == nil || *d != tt.want {
			t.Errorf("%q: during %+v, want %+v", tt.text, d, tt.want)
		}
	}
}

// TestBlockOnly: "can block only creatures with flying" restricts a
// creature, what an Aura enchants, or a group (509.1b).
func TestBlockOnly(t *testing.T) {
	tests := []struct {
		text    string
		affects ORefKind
		want    string
	}{
		{"Belbe's Percher can block only creatures with flying.", RefSelf, ""},
		{"Enchanted creature can block only creatures with flying.", RefEnchanted, ""},
		{"Creatures with flying can block only creatures with flying.", RefGroup, ""},
		{"Belbe's Percher can block only gizmos.", 0, "what it can block"},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Belbe's Percher", tt.text, false, tt.want)
		if !ok {
			continue
		}
		sp := abs[0].Static
		if len(sp) != 1 || sp[0].Rules == nil || sp[0].Rules.Kind != RuleBlockOnly || sp[0].Affects.Kind != tt.affects || !slices.Equal(sp[0].Rules.Filter.With, []string{"flying"}) {
			t.Errorf("%q: %+v, want RuleBlockOnly affecting %d", tt.text, abs[0], tt.affects)
		}
	}
}

// TestAttackUnless: "can't attack unless defending player controls an
// Island" (508.1c) names what the player must control.
func TestAttackUnless(t *testing.T) {
	abs, ok := readsOrFails(t, "Armored Galleon", "Armored Galleon can't attack unless defending player controls an Island.", false, "")
	if ok {
		sp := abs[0].Static
		if len(sp) != 1 || sp[0].Rules == nil || sp[0].Rules.Kind != RuleAttackUnless || !slices.Equal(sp[0].Rules.Filter.Subtypes, []string{"Island"}) {
			t.Errorf("%+v, want RuleAttackUnless an Island", abs[0])
		}
	}
	readsOrFails(t, "Armored Galleon", "Armored Galleon can't attack unless defending player controls gizmos.", false, "what defending player controls")
}
