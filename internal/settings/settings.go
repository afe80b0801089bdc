// Package settings decodes analyzer options given as golangci-lint plugin
// settings (a map decoded from YAML) into an analyzer's Config.
package settings

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// A Validator checks option values; analyzers' Config types implement it.
type Validator interface {
	Validate() error
}

// Decode decodes raw (nil, or a map[string]any from the plugin settings)
// into a copy of defaults and validates the result. Keys are the
// kebab-case option names; an unknown key or an invalid value is an error
// naming it.
func Decode[T Validator](raw any, defaults T) (T, error) {
	cfg := defaults
	if raw == nil {
		return cfg, cfg.Validate()
	}
	data, err := json.Marshal(raw)
	if err != nil {
		return cfg, fmt.Errorf("encoding settings: %v", err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&cfg); err != nil {
		return cfg, fmt.Errorf("invalid settings: %s", explain(err))
	}
	if err := cfg.Validate(); err != nil {
		return cfg, fmt.Errorf("invalid settings: %v", err)
	}
	return cfg, nil
}

func explain(err error) string {
	msg := err.Error()
	if f, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		return "unknown setting " + f
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return fmt.Sprintf("setting %q: cannot use %s as %s", te.Field, te.Value, te.Type)
	}
	return msg
}
