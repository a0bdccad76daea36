package hookcli

import (
	"flag"
	"io"
	"testing"
)

func TestContinue(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args    []string
		want    bool
		wantErr bool
	}{
		{nil, false, false},
		{[]string{"-continue", "block"}, false, false},
		{[]string{"-continue", "context"}, true, false},
		{[]string{"-continue=context", "-continue=block"}, false, false},
		{[]string{"-continue", "Context"}, false, true},
		{[]string{"-continue", ""}, false, true},
	}
	for _, tt := range tests {
		fs := flag.NewFlagSet("x", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		var got bool
		Continue(fs, &got)
		err := fs.Parse(tt.args)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("%q: got %v, %v; want %v, error %v", tt.args, got, err, tt.want, tt.wantErr)
		}
	}
}
