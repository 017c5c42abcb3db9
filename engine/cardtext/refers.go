package cardtext

import "reflect"

// RefersToTriggerPlayer reports whether an ability refers to the player of
// its trigger event ("that player", "that opponent") anywhere: its trigger
// condition, its intervening "if" clause or its effect (805.4d asks, for an
// ability that triggers at the beginning of "each opponent's" step).
func RefersToTriggerPlayer(a *Ability) bool {
	if a == nil {
		return false
	}
	seen := map[uintptr]bool{}
	return refersTo(reflect.ValueOf(a), PTriggerPlayer, seen, 0)
}

var prefType = reflect.TypeOf(PRef{})

// refersTo walks v's fields for a PRef of kind k. Pointers are followed
// once each; depth bounds a structure deeper than any ability's.
func refersTo(v reflect.Value, k PRefKind, seen map[uintptr]bool, depth int) bool {
	if depth > 64 {
		return false
	}
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() || seen[v.Pointer()] {
			return false
		}
		seen[v.Pointer()] = true
		return refersTo(v.Elem(), k, seen, depth+1)
	case reflect.Interface:
		return !v.IsNil() && refersTo(v.Elem(), k, seen, depth+1)
	case reflect.Struct:
		if v.Type() == prefType {
			return PRefKind(v.Field(0).Uint()) == k
		}
		for i := range v.NumField() {
			if refersTo(v.Field(i), k, seen, depth+1) {
				return true
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			if refersTo(v.Index(i), k, seen, depth+1) {
				return true
			}
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			if refersTo(it.Value(), k, seen, depth+1) {
				return true
			}
		}
	}
	return false
}
