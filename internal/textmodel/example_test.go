package textmodel_test

import (
	"fmt"

	"github.com/stophook/stophook/internal/textmodel"
)

// A model that tells a closing line asking leave to go on from one that
// asks for a choice, trained on a handful of lines.
func Example() {
	train := []struct {
		text string
		ask  bool // a plain yes answers it
	}{
		{"Want me to commit it?", true},
		{"Shall I push the branch?", true},
		{"Should I run the tests now?", true},
		{"Want me to open the PR?", true},
		{"Redis or Memcached?", false},
		{"Which port should the server use?", false},
		{"Do you prefer tabs or spaces?", false},
		{"What name should the package have?", false},
	}
	var f textmodel.Features
	var examples []textmodel.Example
	for _, t := range train {
		f.Reset(12)
		f.Text("closing", t.text)
		examples = append(examples, textmodel.Example{Features: append([]uint32(nil), f.Indices()...), Label: t.ask})
	}
	m := textmodel.Train(examples, textmodel.TrainOptions{Bits: 12})

	data, _ := m.MarshalBinary()
	model := textmodel.Lazy(data) // loaded on first use
	for _, text := range []string{"Want me to deploy it?", "Which database do you prefer?"} {
		m, err := model()
		if err != nil {
			panic(err)
		}
		f.Reset(m.Bits())
		f.Text("closing", text)
		fmt.Printf("%s %.0f%%\n", text, 100*m.Prob(&f))
	}
	// Output:
	// Want me to deploy it? 98%
	// Which database do you prefer? 5%
}
