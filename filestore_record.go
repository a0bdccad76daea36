package stophook

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"strconv"
	"sync"
)

// A FileStore value file holds one record: a header line naming the
// record's sequence number, the payload's length and a CRC-32C of both,
// then the payload. Bytes after the payload are ignored (a shorter record
// written over a longer one before the file is cut).
//
//	#stophook2 <seq> <length> <crc32c, 8 hex digits>\n<payload>
//
// Values are written in place without an fsync, so after a crash or a
// power cut a file may hold zeros, a prefix, a mix of old and new blocks
// or stale bytes; the header rules all of these out, and such a file does
// not count. A file without the header is a value written by an older
// version (always JSON, always whole): it is accepted as sequence 0 when
// it is valid JSON.
const recordMagic = "#stophook2 "

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
	b = fmt.Appendf(b, " %08x\n", recordSum(seq, v))
	return append(b, v...)
}

// decodeRecord returns the payload and sequence of the record at the
// start of b, or false when b does not start with an intact record (or
// hold a legacy JSON value).
func decodeRecord(b []byte) (payload []byte, seq uint64, ok bool) {
	rest, ok := bytes.CutPrefix(b, []byte(recordMagic))
	if !ok {
		if len(b) > 0 && json.Valid(b) {
			return b, 0, true
		}
		return nil, 0, false
	}
	nl := bytes.IndexByte(rest, '\n')
	if nl < 0 || nl > maxRecordHeader {
		return nil, 0, false
	}
	f := bytes.Split(rest[:nl], []byte{' '})
	if len(f) != 3 || len(f[2]) != 8 {
		return nil, 0, false
	}
	seq, ok1 := parseDecimal(f[0])
	n, ok2 := parseDecimal(f[1])
	sum, err := strconv.ParseUint(string(f[2]), 16, 32)
	if !ok1 || !ok2 || err != nil || n > uint64(len(rest)-nl-1) {
		return nil, 0, false
	}
	payload = rest[nl+1 : nl+1+int(n)]
	if recordSum(seq, payload) != uint32(sum) {
		return nil, 0, false
	}
	return payload, seq, true
}

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
