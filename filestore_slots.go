package stophook

import "bytes"

// A key's file holds its records at candidate offsets: 0 and
// slotSize·2^k (4096, 8192, 16384, …). An update never writes over the
// record that holds the current value: it writes the new record at the
// first candidate where it fits without touching the current one (see
// nextSlot), and a read takes the intact record with the highest
// sequence. A process killed at any point therefore leaves the old or the
// new record intact, and a reader racing a writer reads one of them.
//
// In the steady state of a value below 4 KiB, records alternate between 0
// and 4096. A value that grows moves to a higher candidate; one that
// shrinks comes back to 0 as soon as it fits before the current record.
// The file only grows as far as the values need: an update cuts it when
// it is more than twice what its two records span (see cutTo).

// slotSize is the first candidate offset after 0; the others are its
// doublings.
const slotSize = 4096

// maxRecordSize bounds a record's bytes: header line and payload.
const maxRecordSize = len(recordMagic) + maxRecordHeader + 1 + maxValueSize

// maxFileSize bounds a key's file. The largest record lies at the first
// candidate at or after maxRecordSize's end (2·maxValueSize), after a
// record of the largest size at 0; anything larger is not a file of
// ours and is not read. (After a record of the largest size at 16 MiB,
// the next candidate is 64 MiB: an update that would write there puts a
// new file in place instead, see FileStore.write.)
const maxFileSize = int64(2*maxValueSize + maxRecordSize)

// slotAtOrAfter returns the first candidate offset other than 0 at or
// after off.
func slotAtOrAfter(off int64) int64 {
	s := int64(slotSize)
	for s < off {
		s *= 2
	}
	return s
}

// slotRecord is a record found at a candidate offset of a key's file.
type slotRecord struct {
	record
	off    int64
	intact int8 // 0 not checked yet, 1 intact, -1 not
}

func (r *slotRecord) end() int64 { return r.off + int64(r.size) }

func (r *slotRecord) checked() bool {
	if r.intact == 0 {
		r.intact = -1
		if r.record.intact() {
			r.intact = 1
		}
	}
	return r.intact > 0
}

// maxSlots bounds the candidate offsets of a file of maxFileSize bytes:
// 0, then 4096·2^k up to 2·maxValueSize.
const maxSlots = 16

// findRecord returns the current record of a key's file content b: the
// intact record with the highest sequence at a candidate offset (only its
// checksum is checked when it is intact). damaged reports a record that
// started with the magic but was not intact, or whose header was not.
//
// A record lying inside another intact record, at a lower offset, is
// ignored: its bytes are the outer record's payload (a record written
// later at that offset would have broken the outer one). A look-alike
// record can still surface from a stale payload once the outer record is
// overwritten; it needs a raw newline and a valid CRC-32C at a candidate
// offset of the file. The values the policies store are compact JSON,
// which never holds a raw newline, and anything able to put arbitrary
// bytes into a value is, in a hook, the user or the agent, who can write
// the state directory itself anyway.
func findRecord(b []byte) (cur slotRecord, ok, damaged bool) {
	var found [maxSlots]slotRecord
	n := 0
	for off := int64(0); off+int64(len(recordMagic)) <= int64(len(b)) && n < maxSlots; {
		if bytes.HasPrefix(b[off:], []byte(recordMagic)) {
			if r, ok := parseRecordMagic(b[off:], recordMagic); ok {
				found[n] = slotRecord{record: r, off: off}
				n++
			} else {
				damaged = true
			}
		}
		if off == 0 {
			off = slotSize
		} else {
			off *= 2
		}
	}
	recs := found[:n]
	// Highest sequence first (a handful of records: an insertion sort).
	for i := 1; i < len(recs); i++ {
		for j := i; j > 0 && recs[j].seq > recs[j-1].seq; j-- {
			recs[j], recs[j-1] = recs[j-1], recs[j]
		}
	}
next:
	for i := range recs {
		if !recs[i].checked() {
			damaged = true
			continue
		}
		for j := range recs {
			if recs[j].off < recs[i].off && recs[j].end() > recs[i].off && recs[j].checked() {
				continue next // inside an intact record: a look-alike
			}
		}
		return recs[i], true, damaged
	}
	return slotRecord{}, false, damaged
}

// nextSlot returns where an update writes a record of size bytes when the
// record holding the current value spans [keepOff, keepEnd) of the file
// (keepEnd 0: nothing to keep): never over it, at 0 when it fits before
// it, else at the first candidate after it.
func nextSlot(keepOff, keepEnd, size int64) int64 {
	switch {
	case keepEnd == 0:
		return 0
	case keepOff == 0:
		return slotAtOrAfter(keepEnd)
	case size <= keepOff:
		return 0
	default:
		return slotAtOrAfter(keepEnd)
	}
}

// cutTo returns the size to cut a file of size bytes to once a record
// was written at [off, end) and the previous one kept at [keepOff,
// keepEnd), or -1 to leave it: a file more than twice as large as the two
// records need (after a large value, small ones) is cut to what they
// span. Only stale records are cut off, never the two a crash may need.
func cutTo(size, keepEnd, end int64) int64 {
	need := max(keepEnd, end)
	if size > 2*need {
		return need
	}
	return -1
}
