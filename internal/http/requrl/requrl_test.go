package requrl

import "testing"

func TestConstHost(t *testing.T) {
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"https://api.example.com/v1", "https://api.example.com", true},
		{"https://api.example.com:8443/v1", "https://api.example.com", true},
		{"http://127.0.0.1:", "http://127.0.0.1", true},
		{"http://user:pw@example.com/x", "http://example.com", true},
		{"http://[::1]:8080/x", "http://[::1]", true},
		{"http://[::1]", "", false},
		{"https://api.", "", false},
		{"https://", "", false},
		{"/relative/path", "", false},
		{"%s/items", "", false},
	} {
		got, ok := constHost(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("constHost(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

func TestLoopback(t *testing.T) {
	for _, c := range []struct {
		hosts []string
		want  bool
	}{
		{[]string{"http://127.0.0.1"}, true},
		{[]string{"http://localhost", "http://[::1]"}, true},
		{[]string{"http://127.0.0.1", "https://example.com"}, false},
		{[]string{"http://10.0.0.1"}, false},
		{nil, false},
	} {
		var src []Source
		for _, h := range c.hosts {
			src = append(src, Source{Const: h})
		}
		if got := Loopback(nil, src); got != c.want {
			t.Errorf("Loopback(%v) = %v, want %v", c.hosts, got, c.want)
		}
	}
}

func TestLoopbackHost(t *testing.T) {
	for in, want := range map[string]bool{
		"localhost:8384":        true,
		"http://127.0.0.1:2019": true,
		"https://[::1]:443/x":   true,
		"[::1]":                 true,
		"localhost":             true,
		"api.localhost":         true,
		"api.example.com":       false,
		"http://10.0.0.1:80":    false,
		"":                      false,
	} {
		if got := loopbackHost(in); got != want {
			t.Errorf("loopbackHost(%q) = %v, want %v", in, got, want)
		}
	}
}
