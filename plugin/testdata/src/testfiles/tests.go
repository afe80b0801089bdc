// Package tests sends requests only from its test file.
package testfiles
