package stophook

import (
	"bytes"
	"encoding/json"
	"hash/crc32"
	"strconv"
	"sync"
)

// A FileStore key's file holds records, each a header line naming the
// record's sequence number, the payload's length and a CRC-32C of both,
// then the payload:
//
//	#stophook3 <seq> <length> <crc32c, 8 hex digits>\n<payload>
//
// Records start at candidate offsets only: 0 and slotSize·2^k (see
// filestore_slots.go). Values are written in place without an fsync, so
// after a crash or a power cut a record may hold zeros, a prefix, a mix of
// old and new blocks or stale bytes; the header rules all of these out,
// and such a record does not count.
const recordMagic = "#stophook3 "

// oldRecordMagic starts the one record of a value file of the two-file
// layout of earlier versions (<name>.json and <name>.json.alt, used in
// turn). A file of that layout without the header is a value written by a
// still older version (always JSON, always whole): it is accepted as
// sequence 0 when it is valid JSON. Both are read only to carry a key's
// value over to the one-file layout.
const oldRecordMagic = "#stophook2 "

// maxRecordHeader bounds the header line of a record.
const maxRecordHeader = 64

// recordSum is the CRC-32C of a record's sequence, length and payload.
func recordSum(seq uint64, payload []byte) uint32 {
	var b [32]byte
	h := strconv.AppendUint(b[:0], seq, 10)
	h = append(h, ' ')
	h = strconv.AppendInt(h, int64(len(payload)), 10)
	t := castagnoli()
	return crc32.Update(crc32.Update(0, t, h), t, payload)
}

// castagnoli is the CRC-32C table, filled on first use. It is not
// crc32.MakeTable(crc32.Castagnoli): that one also builds the tables of
// the SSE4.2 code, about 0.15 ms at the first record a hook process reads
// (measured by scripts/startup.sh), for records of a few hundred bytes
// that a byte-wise update checks in well under a microsecond.
var castagnoli = sync.OnceValue(func() *crc32.Table {
	t := new(crc32.Table)
	for i := range t {
		crc := uint32(i)
		for range 8 {
			if crc&1 == 1 {
				crc = crc>>1 ^ crc32.Castagnoli
			} else {
				crc >>= 1
			}
		}
		t[i] = crc
	}
	return t
})

// encodeRecord returns v framed as record seq.
func encodeRecord(seq uint64, v []byte) []byte {
	b := make([]byte, 0, len(recordMagic)+40+len(v))
	b = append(b, recordMagic...)
	b = strconv.AppendUint(b, seq, 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(len(v)), 10)
	b = append(b, ' ')
	b = appendHex8(b, recordSum(seq, v))
	b = append(b, '\n')
	return append(b, v...)
}

// appendHex8 appends x as 8 lower-case hex digits (fmt's %08x).
func appendHex8(b []byte, x uint32) []byte {
	const digits = "0123456789abcdef"
	for shift := 28; shift >= 0; shift -= 4 {
		b = append(b, digits[x>>uint(shift)&15])
	}
	return b
}

// decodeRecord returns the payload and sequence of the record at the
// start of b, or false when b does not start with an intact record.
func decodeRecord(b []byte) (payload []byte, seq uint64, ok bool) {
	r, ok := parseRecordMagic(b, recordMagic)
	if !ok || !r.intact() {
		return nil, 0, false
	}
	return r.payload, r.seq, true
}

// decodeOldRecord is decodeRecord for a value file of the two-file
// layout, which may also hold a legacy JSON value.
func decodeOldRecord(b []byte) (payload []byte, seq uint64, ok bool) {
	r, ok := parseOldRecord(b)
	if !ok || !r.intact() {
		return nil, 0, false
	}
	return r.payload, r.seq, true
}

// record is a record as its header describes it, before its checksum is
// checked: of a key's records, only the one with the highest sequence
// needs checking when it is intact.
type record struct {
	payload []byte
	seq     uint64
	sum     uint32
	size    int  // header and payload: the bytes the record spans
	legacy  bool // a value of an older version: JSON without a header, sequence 0
}

// intact reports whether the record's checksum holds (a legacy value was
// checked when parsed).
func (r *record) intact() bool { return r.legacy || recordSum(r.seq, r.payload) == r.sum }

// parseOldRecord reads the header of the record at the start of a value
// file of the two-file layout; ok is false when b holds no well-formed
// header (nor a legacy JSON value).
func parseOldRecord(b []byte) (r record, ok bool) {
	if !bytes.HasPrefix(b, []byte(oldRecordMagic)) {
		b = legacyValue(b)
		if len(b) > 0 && json.Valid(b) {
			return record{payload: b, size: len(b), legacy: true}, true
		}
		return record{}, false
	}
	return parseRecordMagic(b, oldRecordMagic)
}

// legacyValue returns the part of b a legacy JSON value may span: all of
// it, up to a NUL byte (which JSON never holds) or a record of the
// one-file layout: the first record written after it, at the candidate
// offset after its end, leaves zeros up to there.
func legacyValue(b []byte) []byte {
	if i := bytes.IndexByte(b, 0); i >= 0 {
		b = b[:i]
	}
	for off := slotSize; off < len(b); off *= 2 {
		if bytes.HasPrefix(b[off:], []byte(recordMagic)) {
			return b[:off]
		}
	}
	return b
}

// parseRecordMagic reads the header of the record at the start of b,
// whose header starts with magic; ok is false when b holds no
// well-formed header.
func parseRecordMagic(b []byte, magic string) (r record, ok bool) {
	rest, ok := bytes.CutPrefix(b, []byte(magic))
	if !ok {
		return record{}, false
	}
	nl := bytes.IndexByte(rest, '\n')
	if nl < 0 || nl > maxRecordHeader {
		return record{}, false
	}
	h := rest[:nl]
	sp1 := bytes.IndexByte(h, ' ')
	if sp1 < 0 {
		return record{}, false
	}
	sp2 := bytes.IndexByte(h[sp1+1:], ' ')
	if sp2 < 0 {
		return record{}, false
	}
	sp2 += sp1 + 1
	seq, ok1 := parseDecimal(h[:sp1])
	n, ok2 := parseDecimal(h[sp1+1 : sp2])
	sum, ok3 := parseHex8(h[sp2+1:])
	if !ok1 || !ok2 || !ok3 || n > uint64(len(rest)-nl-1) {
		return record{}, false
	}
	start := len(magic) + nl + 1
	return record{payload: rest[nl+1 : nl+1+int(n)], seq: seq, sum: sum, size: start + int(n)}, true
}

// parseHex8 parses exactly 8 hex digits of either case, as
// strconv.ParseUint(s, 16, 32) does for a string of length 8 (no sign,
// no prefix, no underscore).
func parseHex8(b []byte) (uint32, bool) {
	if len(b) != 8 {
		return 0, false
	}
	var x uint32
	for _, c := range b {
		var d byte
		switch {
		case c >= '0' && c <= '9':
			d = c - '0'
		case c >= 'a' && c <= 'f':
			d = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			d = c - 'A' + 10
		default:
			return 0, false
		}
		x = x<<4 | uint32(d)
	}
	return x, true
}

// maxRecordSeq is the highest sequence number parseDecimal reads (19
// digits): an update of a record bearing it starts the numbers again.
const maxRecordSeq = 9_999_999_999_999_999_999

// parseDecimal parses a canonical decimal number (no sign, no leading
// zero) of at most 19 digits.
func parseDecimal(b []byte) (uint64, bool) {
	if len(b) == 0 || len(b) > 19 || (b[0] == '0' && len(b) > 1) {
		return 0, false
	}
	var n uint64
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + uint64(c-'0')
	}
	return n, true
}
