package jsonscan

// maxDepth bounds the nesting Value follows.
const maxDepth = 600

// Value reads the JSON value that starts at s[i] and returns the index
// after it; ok is false when s[i:] does not start with a valid value (or
// nests deeper than 600 levels). Strings, numbers and literals are
// checked as encoding/json checks them; objects and arrays are read
// through, every value inside checked the same way.
func Value[T Text](s T, i int) (end int, ok bool) { return value(s, i, 0) }

func value[T Text](s T, i, depth int) (int, bool) {
	if i >= len(s) || depth > maxDepth {
		return i, false
	}
	switch c := s[i]; {
	case c == '"':
		end, _, ok := StringEnd(s, i+1)
		return end, ok
	case c == '{':
		return Members(s, i, depth+1, nil)
	case c == '[':
		i = Space(s, i+1)
		if i < len(s) && s[i] == ']' {
			return i + 1, true
		}
		for {
			end, ok := value(s, i, depth+1)
			if !ok {
				return end, false
			}
			i = Space(s, end)
			switch {
			case i >= len(s):
				return i, false
			case s[i] == ']':
				return i + 1, true
			case s[i] != ',':
				return i, false
			}
			i = Space(s, i+1)
		}
	case c == 't':
		return literal(s, i, "true")
	case c == 'f':
		return literal(s, i, "false")
	case c == 'n':
		return literal(s, i, "null")
	}
	return Number(s, i)
}

func literal[T Text](s T, i int, lit string) (int, bool) {
	if len(s)-i < len(lit) {
		return i, false
	}
	for j := range len(lit) {
		if s[i+j] != lit[j] {
			return i, false
		}
	}
	return i + len(lit), true
}

// Member is called by [Members] for each member of an object: key is the
// key as written between its quotes (esc: it holds escapes, so it is not
// the key's text), value the value as written. Returning false stops the
// reading.
type Member[T Text] func(key T, esc bool, value T) bool

// Members reads the object that starts at s[i], at nesting depth depth
// (0 for a top-level object), calling member (when not nil) for each of
// its members in order, and returns the index after it; ok is false when
// s[i:] does not start with a valid object or member stopped the reading.
func Members[T Text](s T, i, depth int, member Member[T]) (end int, ok bool) {
	if i >= len(s) || s[i] != '{' || depth > maxDepth {
		return i, false
	}
	i = Space(s, i+1)
	if i < len(s) && s[i] == '}' {
		return i + 1, true
	}
	for {
		if i >= len(s) || s[i] != '"' {
			return i, false
		}
		kend, esc, ok := StringEnd(s, i+1)
		if !ok {
			return kend, false
		}
		key := s[i+1 : kend-1]
		i = Space(s, kend)
		if i >= len(s) || s[i] != ':' {
			return i, false
		}
		i = Space(s, i+1)
		vend, ok := value(s, i, depth+1)
		if !ok {
			return vend, false
		}
		if member != nil && !member(key, esc, s[i:vend]) {
			return vend, false
		}
		i = Space(s, vend)
		switch {
		case i >= len(s):
			return i, false
		case s[i] == '}':
			return i + 1, true
		case s[i] != ',':
			return i, false
		}
		i = Space(s, i+1)
	}
}

// Plain reads s when it is one JSON object and nothing after it but white
// space, calling member with the key and the value as written of each of
// its top-level members, in order. It reports false, and the caller reads
// s another way (gjson), when s is not such an object, when a key holds
// an escape (its text is not as written), or when member returns false.
func Plain(s string, member func(key, value string) bool) bool {
	end, ok := Members(s, 0, 0, func(k string, esc bool, v string) bool {
		return !esc && member(k, v)
	})
	return ok && Space(s, end) == len(s)
}
