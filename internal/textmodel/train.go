package textmodel

import "math"

// Example is one labelled text for [Train]: its features
// ([Features.Indices], copied), its label and its weight (1 when 0).
type Example struct {
	Features []uint32
	Label    bool
	Weight   float64
}

// TrainOptions tune [Train]. The zero value means every default.
type TrainOptions struct {
	// Bits is the log2 of the number of hash buckets the examples'
	// features were collected with; DefaultBits when 0.
	Bits uint8
	// Rounds is the number of full passes of gradient descent; 300 when 0.
	Rounds int
	// Step is the AdaGrad step size; 0.5 when 0.
	Step float64
	// L2 is the penalty on the squared weights (not the bias), per unit
	// of example weight; 1e-3 when 0.
	L2 float64
	// MinCount leaves out the features fewer than MinCount examples have:
	// a word seen once teaches little and costs a weight. 1 when 0.
	MinCount int
}

func (o TrainOptions) withDefaults() TrainOptions {
	if o.Bits == 0 {
		o.Bits = DefaultBits
	}
	o.Bits = min(o.Bits, MaxBits)
	if o.Rounds <= 0 {
		o.Rounds = 300
	}
	if o.Step <= 0 {
		o.Step = 0.5
	}
	if o.L2 <= 0 {
		o.L2 = 1e-3
	}
	o.MinCount = max(o.MinCount, 1)
	return o
}

// Train fits a logistic regression to examples by full-batch gradient
// descent: each round computes the gradient of the weighted mean log-loss
// plus the L2 penalty over every example, in order, and moves each weight
// by an AdaGrad step. Nothing is random and nothing runs in parallel, so
// the same examples and options give the same model. Features outside the
// buckets are folded into them; a feature no example has gets no weight.
func Train(examples []Example, opt TrainOptions) *Model {
	opt = opt.withDefaults()
	mask := uint32(1)<<opt.Bits - 1
	size := 1 << opt.Bits
	w := make([]float64, size)
	grad := make([]float64, size)
	acc := make([]float64, size)
	count := make([]int32, size)
	var total float64
	for _, e := range examples {
		total += weightOf(e)
		for _, i := range e.Features {
			count[i&mask]++
		}
	}
	var used []uint32
	for i, n := range count {
		if n > 0 && int(n) >= opt.MinCount {
			used = append(used, uint32(i))
		}
	}
	if total == 0 {
		return &Model{bits: opt.Bits}
	}
	var bias, biasAcc float64
	for range opt.Rounds {
		var biasGrad float64
		for _, e := range examples {
			z := bias
			for _, i := range e.Features {
				z += w[i&mask] // 0 for a feature left out
			}
			y := 0.0
			if e.Label {
				y = 1
			}
			d := float64(weightOf(e)*(sigmoid(z)-y)) / total
			biasGrad += d
			for _, i := range e.Features {
				grad[i&mask] += d
			}
		}
		for _, i := range used {
			g := grad[i] + float64(opt.L2*w[i])
			acc[i] += float64(g * g)
			w[i] -= float64(opt.Step*g) / (math.Sqrt(acc[i]) + 1e-8)
			grad[i] = 0
		}
		biasAcc += float64(biasGrad * biasGrad)
		bias -= float64(opt.Step*biasGrad) / (math.Sqrt(biasAcc) + 1e-8)
	}
	m := &Model{bits: opt.Bits, bias: float32(bias)}
	for _, i := range used {
		if v := float32(w[i]); v != 0 {
			m.idx, m.w = append(m.idx, i), append(m.w, v)
		}
	}
	return m
}

func weightOf(e Example) float64 {
	if e.Weight == 0 {
		return 1
	}
	return e.Weight
}
