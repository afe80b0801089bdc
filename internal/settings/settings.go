// Package settings decodes analyzer options given as golangci-lint plugin
// settings (a map decoded from YAML) into an analyzer's Config.
package settings

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
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
	if err := decode(raw, &cfg); err != nil {
		return cfg, fmt.Errorf("invalid settings: %s", blame(raw, defaults, err))
	}
	if err := cfg.Validate(); err != nil {
		return cfg, fmt.Errorf("invalid settings: %v", err)
	}
	return cfg, nil
}

func decode(raw, into any) error {
	data, err := json.Marshal(raw)
	if err != nil {
		return fmt.Errorf("encoding settings: %v", err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	return dec.Decode(into)
}

// blame explains a decoding error, naming the setting at fault: when the
// error itself names no key (a value rejected by its own decoder, such as
// a malformed list), each key is decoded alone to find the one that
// fails.
func blame[T any](raw any, defaults T, err error) string {
	msg := explain(err)
	m, ok := raw.(map[string]any)
	if !ok {
		return msg
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		if strings.Contains(msg, strconv.Quote(k)) {
			return msg
		}
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		cfg := defaults
		if decode(map[string]any{k: m[k]}, &cfg) != nil {
			return fmt.Sprintf("setting %q: %s", k, msg)
		}
	}
	return msg
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
