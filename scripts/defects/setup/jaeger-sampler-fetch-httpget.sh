#!/usr/bin/env bash
# jaeger-client-go v2.27/v2.28 have no go.mod: pin what its package and
# tests import (jaeger-lib's metrics pull in hdrhistogram-go, which a plain
# go get does not add).
exec go get "$DEFECT_MODULE@$DEFECT_VERSION" \
	github.com/uber/jaeger-lib@v2.4.1+incompatible \
	github.com/opentracing/opentracing-go@v1.2.0 \
	go.uber.org/atomic@v1.12.0 \
	github.com/HdrHistogram/hdrhistogram-go@v1.4.0 \
	github.com/pkg/errors@v0.9.1 \
	github.com/stretchr/testify@v1.12.1 \
	github.com/stretchr/testify/assert/yaml@v1.12.1
