package combat

import "testing"

// 508.1d: the most requirements an attack breaking no restriction obeys.
func TestMostAttackObeyed(t *testing.T) {
	for _, tc := range []struct {
		name    string
		must    []ObjectID
		able    []ObjectID
		allowed func([]ObjectID) bool
		best    int
		ok      bool
	}{
		{"both can attack", []ObjectID{1, 2}, []ObjectID{1, 2, 3}, func([]ObjectID) bool { return true }, 2, true},
		{"one can't", []ObjectID{1, 2}, []ObjectID{1, 3}, func([]ObjectID) bool { return true }, 1, true},
		{"no more than one attacks", []ObjectID{1, 2}, []ObjectID{1, 2}, func(ids []ObjectID) bool { return len(ids) <= 1 }, 1, true},
		{"can't attack alone", []ObjectID{1}, []ObjectID{1, 2}, func(ids []ObjectID) bool { return len(ids) != 1 }, 1, true},
		{"past the bound", []ObjectID{1}, make([]ObjectID, MaxRequirementCreatures+1), func([]ObjectID) bool { return true }, 0, false},
	} {
		best, ok := MostAttackObeyed(tc.must, tc.able, tc.allowed)
		if best != tc.best || ok != tc.ok {
			t.Errorf("%s: %d %v, want %d %v", tc.name, best, ok, tc.best, tc.ok)
		}
	}
}

// 509.1c: the most requirements blocks breaking no restriction obey.
func TestMostBlockObeyed(t *testing.T) {
	menace := fakeGame{objs: map[ObjectID]creature{1: {keywords: []string{"menace"}}}}
	c := &Combat{Attackers: []Attacker{{ID: 1}}}
	noMenace := func(b [][2]ObjectID) bool { return c.CheckMenace(menace, b) == nil }
	for _, tc := range []struct {
		name    string
		must    []ObjectID
		opts    []BlockOption
		allowed func([][2]ObjectID) bool
		best    int
		ok      bool
	}{
		{"each blocks", []ObjectID{10, 11}, []BlockOption{{10, []ObjectID{1}}, {11, []ObjectID{1}}}, noMenace, 2, true},
		// Menace: one alone can't block it, and the other can't block.
		{"menace, one able", []ObjectID{10}, []BlockOption{{10, []ObjectID{1}}, {11, nil}}, noMenace, 0, true},
		{"none able", []ObjectID{10}, []BlockOption{{10, nil}}, noMenace, 0, true},
		{"past the bound", []ObjectID{10}, manyOptions(13), noMenace, 0, false},
	} {
		best, ok := MostBlockObeyed(tc.must, tc.opts, tc.allowed)
		if best != tc.best || ok != tc.ok {
			t.Errorf("%s: %d %v, want %d %v", tc.name, best, ok, tc.best, tc.ok)
		}
	}
}

func manyOptions(n int) []BlockOption {
	var out []BlockOption
	for i := range n {
		out = append(out, BlockOption{ObjectID(10 + i), []ObjectID{1}})
	}
	return out
}

func TestObeyed(t *testing.T) {
	if got := Obeyed([]ObjectID{1, 2, 3}, []ObjectID{3, 1, 1, 9}); got != 2 {
		t.Errorf("obeyed %d, want 2", got)
	}
	if got := Obeyed([]ObjectID{1}, Blockers([][2]ObjectID{{1, 5}, {2, 5}})); got != 1 {
		t.Errorf("obeyed by blockers %d, want 1", got)
	}
}
