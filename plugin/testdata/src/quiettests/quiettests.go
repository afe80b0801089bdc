// Package quiettests sends requests only from its test file.
package quiettests
