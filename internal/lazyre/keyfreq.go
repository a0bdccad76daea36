package lazyre

// bucketFreq holds, for each bit of a bigramSet, how often a line of an
// agent's session holds a bigram hashed to it, from 0 (never) to 255
// (every line): measured on the lines of the Claude Code sessions shipped
// in judge/testdata/sessions (TestBucketFreq derives them again and holds
// the table close to them). Which bigram keys a literal changes how many
// literals a text is compared with, never the answer: any of the
// literal's bigrams is a sound key.
var bucketFreq = [128]uint8{
	80, 82, 66, 47, 34, 58, 29, 50, 36, 30, 28, 35, 26, 56, 24, 35,
	31, 36, 27, 31, 51, 28, 22, 47, 50, 52, 36, 41, 60, 51, 72, 66,
	66, 49, 53, 80, 51, 75, 86, 67, 49, 64, 52, 93, 62, 86, 71, 57,
	18, 70, 60, 101, 38, 38, 50, 70, 35, 43, 29, 53, 59, 50, 46, 36,
	48, 56, 53, 75, 48, 58, 82, 41, 27, 51, 35, 18, 32, 34, 33, 36,
	39, 27, 81, 53, 76, 58, 69, 36, 34, 28, 32, 59, 38, 59, 79, 78,
	77, 79, 60, 63, 34, 44, 45, 23, 44, 26, 23, 29, 66, 47, 34, 29,
	32, 90, 46, 33, 58, 77, 20, 17, 33, 58, 25, 50, 50, 66, 48, 61,
}
