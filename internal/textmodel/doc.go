// Package textmodel is a small learned text classifier: hashed word and
// word-pair features, a logistic regression trained by plain, deterministic
// gradient descent, and a compact binary form of its weights that a
// program embeds and loads on first use.
//
// # Features
//
// A [Features] collects the features of one text: [Features.Text] adds the
// words of a text and each pair of adjacent words under a namespace (so
// that "or" in a closing line and "or" in the body are different features),
// and [Features.Flag] adds a named feature such as "ends with ?". Words are
// hashed as they are read (FNV-1a over the lower-cased bytes), never
// copied: collecting features allocates nothing once the Features' slice
// has grown.
//
// # Training and scoring
//
// [Train] fits a [Model] to labelled [Example]s: full-batch gradient
// descent with per-feature steps (AdaGrad) and an L2 penalty, a fixed
// number of rounds, the examples read in order. The same examples and
// [TrainOptions] give the same weights, bit for bit, on every platform Go
// runs on. [Model.Prob] scores a Features: a sum of the weights of its
// features, a binary search each, no allocation.
//
// # Weights
//
// [Model.MarshalBinary] writes only the weights that are not zero, sorted
// by feature; [Load] reads them back, and [Lazy] does so the first time a
// model is needed, so that a program that embeds a model pays nothing at
// start-up.
package textmodel
