package onepass

import "testing"

func TestMembers(t *testing.T) {
	s := `{"a":1,"bc":"x"}`
	var m Members
	m.Add(2, 3, 5, 6)
	m.Add(8, 10, 12, 15)
	if m.N != 2 || m.Key(s, 0) != "a" || m.Value(s, 0) != "1" || m.Key(s, 1) != "bc" || m.Value(s, 1) != `"x"` {
		t.Errorf("members %d: %q=%q %q=%q", m.N, m.Key(s, 0), m.Value(s, 0), m.Key(s, 1), m.Value(s, 1))
	}
	for range MaxMembers {
		m.Add(0, 1, 1, 2)
	}
	if m.N != MaxMembers+2 {
		t.Errorf("N = %d past MaxMembers, want %d: the count goes on", m.N, MaxMembers+2)
	}
}

type input struct{ s string }

func TestDecode(t *testing.T) {
	old := decode.Load()
	defer decode.Store(old)
	decode.Store(nil)
	if Decode([]byte("{}"), new(input), new(Members)) {
		t.Error("Decode without a decoder reported true")
	}
	Set(func(data []byte, in *input, m *Members) bool {
		in.s = string(data)
		m.Add(0, 0, 0, 0)
		return true
	})
	var in input
	var m Members
	if !Decode([]byte("{}"), &in, &m) || in.s != "{}" || m.N != 1 {
		t.Errorf("Decode: %q, %d members", in.s, m.N)
	}
	type other struct{}
	if Decode([]byte("{}"), new(other), new(Members)) {
		t.Error("Decode of another input type reported true")
	}
}

// TestSetWhileDecoding: registering while other goroutines decode is no
// data race (a server's first request registers, others run meanwhile).
func TestSetWhileDecoding(t *testing.T) {
	old := decode.Load()
	defer decode.Store(old)
	decode.Store(nil)
	done := make(chan bool)
	for range 4 {
		go func() {
			var in input
			var m Members
			Decode([]byte("{}"), &in, &m)
			done <- true
		}()
	}
	Set(func([]byte, *input, *Members) bool { return true })
	for range 4 {
		<-done
	}
}
