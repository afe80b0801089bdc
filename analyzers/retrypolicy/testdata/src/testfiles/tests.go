// Package tests has findings only in its test file.
package testfiles
