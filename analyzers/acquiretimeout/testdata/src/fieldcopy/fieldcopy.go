// Package fieldcopy copies struct fields by reflection (rclone's
// lib/structs).
package fieldcopy

import "reflect"

// SetDefaults copies every field of defaults into the zero fields of a.
func SetDefaults(a, defaults any) {
	pa, pd := reflect.ValueOf(a).Elem(), reflect.ValueOf(defaults).Elem()
	for i := range pa.NumField() {
		if f := pa.Field(i); f.CanSet() && f.IsZero() {
			f.Set(pd.Field(i))
		}
	}
}
