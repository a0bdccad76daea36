package triage

// The lead index (see leads.go) finds, at each token of a sentence, the
// cues that may start there. It is built in every hook process and probed
// at every token, so it avoids Go maps: literal cues sit in groups keyed by
// their first word, other cues by their first one or two bytes, and the
// groups are found through small open-addressing tables.

type leadEntry struct {
	lead string
	id   int // the cue, as an index among all cues
	// lead[at] == b is a quick first test: at is the first byte the index
	// key does not already guarantee (0 when it guarantees all of lead).
	// Most entries found under a common word ("the") fail it.
	at    uint8
	b     byte
	exact bool // lead is a whole match of the cue: lead + \b means a match
}

// newLead returns the entry for lead, whose first known bytes the index
// key guarantees. Past a word key (known is its length) the next byte is
// a separator (space, hyphen), so the byte after it is tested.
func newLead(lead string, exact bool, id, known int) leadEntry {
	e := leadEntry{lead: lead, exact: exact, id: id, b: lead[0]}
	if exact && known+1 < len(lead) {
		known++
	}
	if known < len(lead) && known <= 255 {
		e.at, e.b = uint8(known), lead[known]
	}
	return e
}

// firstWord is the key of a literal cue's entry.
func firstWord(e leadEntry) string { return e.lead[:wordLen(e.lead)] }

// pair packs the first two bytes of s (the second is 0 when s has one).
func pair[T string | []byte](s T) uint16 {
	k := uint16(s[0]) << 8
	if len(s) > 1 {
		k |= uint16(s[1])
	}
	return k
}

// hashWord is FNV-1a.
func hashWord[T string | []byte](w T) uint32 {
	h := uint32(2166136261)
	for i := range len(w) {
		h ^= uint32(w[i])
		h *= 16777619
	}
	return h
}

// hashPair is one-to-one: equal hashes mean equal pairs.
func hashPair(k uint16) uint32 {
	h := uint32(k) * 0x9E3779B1
	return h ^ h>>16
}

// hashIndex maps hashes to group numbers by linear probing; it is at most
// half full.
type hashIndex struct {
	slots []slot
	mask  uint32
}

type slot struct {
	hash  uint32
	group int32 // group number + 1; 0 is an empty slot
}

// group groups es by key, keeping their order within a key, and indexes
// the groups by hash(key). The groups share one backing array.
func group[K comparable](es []leadEntry, key func(leadEntry) K, hash func(K) uint32) ([][]leadEntry, []K, hashIndex) {
	size := 8
	for size < 2*len(es) {
		size *= 2
	}
	x := hashIndex{slots: make([]slot, size), mask: uint32(size - 1)}
	var keys []K
	var counts []int
	gs := make([]int, len(es))
	for i, e := range es {
		k := key(e)
		h := hash(k)
		j := h & x.mask
		for x.slots[j].group != 0 && (x.slots[j].hash != h || keys[x.slots[j].group-1] != k) {
			j = (j + 1) & x.mask
		}
		if x.slots[j].group == 0 {
			keys = append(keys, k)
			counts = append(counts, 0)
			x.slots[j] = slot{hash: h, group: int32(len(keys))}
		}
		g := int(x.slots[j].group - 1)
		gs[i] = g
		counts[g]++
	}
	groups := make([][]leadEntry, len(counts))
	out := make([]leadEntry, 0, len(es))
	for g, n := range counts {
		groups[g] = out[len(out) : len(out) : len(out)+n]
		out = out[:len(out)+n]
	}
	for i, e := range es {
		groups[gs[i]] = append(groups[gs[i]], e)
	}
	return groups, keys, x
}

// word returns the literal cues whose first word opens rest.
func (s *Scorer) word(rest []byte) []leadEntry {
	h := uint32(2166136261)
	n := 0
	for n < len(rest) && isWordChar(rest[n]) {
		h ^= uint32(rest[n])
		h *= 16777619
		n++
	}
	x := &s.wordIndex
	for j := h & x.mask; ; j = (j + 1) & x.mask {
		sl := x.slots[j]
		if sl.group == 0 {
			return nil
		}
		if sl.hash == h && s.wordKeys[sl.group-1] == string(rest[:n]) {
			return s.words[sl.group-1]
		}
	}
}

// lead2 returns the leads of other cues that open with the pair k.
func (s *Scorer) lead2(k uint16) []leadEntry {
	h := hashPair(k)
	x := &s.index2Of
	for j := h & x.mask; ; j = (j + 1) & x.mask {
		sl := x.slots[j]
		if sl.group == 0 {
			return nil
		}
		if sl.hash == h {
			return s.index2[sl.group-1]
		}
	}
}
