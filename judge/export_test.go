package judge

// MaxInput is the judge's input bound, for the external tests.
const MaxInput = maxInput
