package escalate

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNull(t *testing.T) {
	t.Parallel()
	a, err := Null{}.Ask(context.Background(), Request{})
	assert.NoError(t, err)
	assert.Equal(t, Answer{}, a)
}

func TestMulti(t *testing.T) {
	t.Parallel()
	fixed := func(a Answer, err error) Notifier {
		return NotifierFunc(func(context.Context, Request) (Answer, error) { return a, err })
	}
	// waits for the context: cancelled once another notifier answers.
	waiting := NotifierFunc(func(ctx context.Context, _ Request) (Answer, error) {
		<-ctx.Done()
		return Answer{Kind: Timeout}, nil
	})
	boom := errors.New("boom")
	tests := []struct {
		name    string
		ns      []Notifier
		want    Answer
		wantErr error
	}{
		{"empty", nil, Answer{}, nil},
		{"nil entries skipped", []Notifier{nil, nil}, Answer{}, nil},
		{"reply wins and cancels the rest", []Notifier{waiting, fixed(Answer{Kind: Reply, Text: "go"}, nil), Null{}}, Answer{Kind: Reply, Text: "go"}, nil},
		{"answer wins over an error", []Notifier{fixed(Answer{}, boom), fixed(Answer{Kind: Continue}, nil)}, Answer{Kind: Continue}, nil},
		{"let stop wins", []Notifier{waiting, fixed(Answer{Kind: LetStop}, nil)}, Answer{Kind: LetStop}, nil},
		{"timeout with errors", []Notifier{fixed(Answer{Kind: Timeout}, nil), fixed(Answer{}, boom)}, Answer{Kind: Timeout}, boom},
		{"notify only", []Notifier{Null{}, Null{}}, Answer{}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			a, err := NewMulti(tt.ns...).Ask(context.Background(), Request{})
			assert.Equal(t, tt.want, a)
			if tt.wantErr == nil {
				assert.NoError(t, err)
			} else {
				assert.ErrorIs(t, err, tt.wantErr)
			}
		})
	}
}

func TestMultiSharesRequestID(t *testing.T) {
	t.Parallel()
	var ids [2]atomic.Value
	rec := func(i int) Notifier {
		return NotifierFunc(func(_ context.Context, r Request) (Answer, error) { ids[i].Store(r.ID); return Answer{}, nil })
	}
	_, err := NewMulti(rec(0), rec(1)).Ask(context.Background(), Request{})
	require.NoError(t, err)
	assert.NotEmpty(t, ids[0].Load())
	assert.Equal(t, ids[0].Load(), ids[1].Load())
}
