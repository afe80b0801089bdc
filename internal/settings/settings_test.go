package settings_test

import (
	"strings"
	"testing"

	"github.com/httplint/httplint/internal/flagutil"
	"github.com/httplint/httplint/internal/settings"
)

type config struct {
	Max   int           `json:"max-bytes"`
	Names flagutil.List `json:"names"`
	On    bool          `json:"on"`
}

func (c config) Validate() error {
	if c.Max <= 0 {
		return errString("max-bytes must be positive")
	}
	return nil
}

type errString string

func (e errString) Error() string { return string(e) }

func TestDecode(t *testing.T) {
	defaults := config{Max: 8192}
	cfg, err := settings.Decode(nil, defaults)
	if err != nil || cfg.Max != 8192 {
		t.Fatalf("Decode(nil) = %+v, %v", cfg, err)
	}
	cfg, err = settings.Decode(map[string]any{"names": []any{"a", "b"}, "on": true}, defaults)
	if err != nil || cfg.Max != 8192 || len(cfg.Names) != 2 || !cfg.On {
		t.Fatalf("Decode(list) = %+v, %v", cfg, err)
	}
	cfg, err = settings.Decode(map[string]any{"names": "a,b,c"}, defaults)
	if err != nil || len(cfg.Names) != 3 {
		t.Fatalf("Decode(comma list) = %+v, %v", cfg, err)
	}
	for _, tc := range []struct {
		raw  map[string]any
		want string
	}{
		{map[string]any{"bogus": 1}, `unknown setting "bogus"`},
		{map[string]any{"max-bytes": "big"}, `"max-bytes"`},
		{map[string]any{"max-bytes": -1}, "max-bytes must be positive"},
		{map[string]any{"names": "a,,b", "on": true}, `setting "names"`},
	} {
		if _, err := settings.Decode(tc.raw, defaults); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Decode(%v): err = %v, want one containing %s", tc.raw, err, tc.want)
		}
	}
}
