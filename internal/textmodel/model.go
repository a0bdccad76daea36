package textmodel

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
)

// Model is a logistic regression over hashed features: the probability of
// a text is the logistic function of the bias plus the weights of its
// features. Its methods are safe for concurrent use.
type Model struct {
	bits uint8
	bias float32
	idx  []uint32  // features with a weight, increasing
	w    []float32 // their weights
}

// Bits returns the log2 of the number of hash buckets the model was
// trained with; collect features with Features.Reset(m.Bits()).
func (m *Model) Bits() uint8 { return m.bits }

// Len returns the number of features with a weight.
func (m *Model) Len() int { return len(m.idx) }

// Score returns the log-odds of f: the bias plus the weight of each of its
// features, each counted once. Features collected with more bits than the
// model's are folded into its buckets.
func (m *Model) Score(f *Features) float64 {
	mask := uint32(1)<<m.bits - 1
	s := float64(m.bias)
	for _, i := range f.Indices() {
		if k, ok := slices.BinarySearch(m.idx, i&mask); ok {
			s += float64(m.w[k])
		}
	}
	return s
}

// Prob returns the probability the model gives f: 1/(1+e^-Score(f)).
func (m *Model) Prob(f *Features) float64 { return sigmoid(m.Score(f)) }

func sigmoid(x float64) float64 {
	if x >= 0 {
		return 1 / (1 + math.Exp(-x))
	}
	e := math.Exp(x)
	return e / (1 + e)
}

// magic starts the binary form of a Model.
const magic = "TXM1"

// MarshalBinary writes the model: "TXM1", the bits, the bias (float32,
// little-endian), the number of weights (uvarint), then each weight as the
// distance from the previous feature (uvarint) and its value (float32).
func (m *Model) MarshalBinary() ([]byte, error) {
	out := make([]byte, 0, len(magic)+1+4+binary.MaxVarintLen64+len(m.idx)*7)
	out = append(out, magic...)
	out = append(out, m.bits)
	out = binary.LittleEndian.AppendUint32(out, math.Float32bits(m.bias))
	out = binary.AppendUvarint(out, uint64(len(m.idx)))
	prev := uint32(0)
	for k, i := range m.idx {
		out = binary.AppendUvarint(out, uint64(i-prev))
		out = binary.LittleEndian.AppendUint32(out, math.Float32bits(m.w[k]))
		prev = i
	}
	return out, nil
}

// ErrFormat is returned by [Load] for data that is not a model.
var ErrFormat = errors.New("textmodel: not a model")

// Load reads a model written by [Model.MarshalBinary]. It checks the form
// (features increasing and within the buckets, finite weights) and
// returns an error wrapping [ErrFormat] for anything else.
func Load(data []byte) (*Model, error) {
	bad := func(why string) (*Model, error) { return nil, fmt.Errorf("%w: %s", ErrFormat, why) }
	if len(data) < len(magic)+1+4 || string(data[:len(magic)]) != magic {
		return bad("no TXM1 header")
	}
	data = data[len(magic):]
	m := &Model{bits: data[0]}
	if m.bits == 0 || m.bits > MaxBits {
		return bad(fmt.Sprintf("%d bits", m.bits))
	}
	m.bias = math.Float32frombits(binary.LittleEndian.Uint32(data[1:]))
	data = data[5:]
	n, k := binary.Uvarint(data)
	if k <= 0 || n > uint64(len(data))/5 {
		return bad("bad count")
	}
	data = data[k:]
	m.idx, m.w = make([]uint32, 0, n), make([]float32, 0, n)
	prev := uint64(0)
	for j := uint64(0); j < n; j++ {
		d, k := binary.Uvarint(data)
		if k <= 0 || len(data) < k+4 || (j > 0 && d == 0) {
			return bad("bad weight")
		}
		i := prev + d
		if i >= 1<<m.bits {
			return bad("feature out of range")
		}
		w := math.Float32frombits(binary.LittleEndian.Uint32(data[k:]))
		if math.IsNaN(float64(w)) || math.IsInf(float64(w), 0) {
			return bad("weight not finite")
		}
		m.idx, m.w = append(m.idx, uint32(i)), append(m.w, w)
		prev, data = i, data[k+4:]
	}
	if len(data) != 0 || math.IsNaN(float64(m.bias)) || math.IsInf(float64(m.bias), 0) {
		return bad("trailing data or bad bias")
	}
	return m, nil
}

// Lazy returns a function that loads data as a model the first time it is
// called and returns the same model (or error) every time after: an
// embedded model costs nothing until a program needs it.
func Lazy(data []byte) func() (*Model, error) {
	return sync.OnceValues(func() (*Model, error) { return Load(data) })
}
