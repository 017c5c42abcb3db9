// Package combat is combat's model: who attacks whom (506, 508), which
// creatures block which (509), the bands (702.22), the damage assignment
// orders (509.2, 509.3) and the assignments of combat damage players chose
// (510.1), with the queries and updates the rules make on them: a creature
// removed from combat (506.4), the defending players, the blocks a
// blocker makes in its order.
//
// It holds facts, not the game: it knows no objects' characteristics, no
// zones and no rules edition, and it imports nothing of package engine.
// Package engine owns the combat (State.Combat) and plays it: the
// declarations as actions and turn-based actions, the checks that read
// creatures' characteristics, and dealing the damage.
package combat
