#!/usr/bin/env bash
# prometheus v2.0/v2.1 have no go.mod: pin the dependencies of
# util/httputil (and of the config package it imports); the proxy refuses
# @latest for go-conntrack. tsdb v0.1.0 is the oldest served tag: it lets
# v2.1.0's tests type-check; v2.0.0's test helper (util/testutil ->
# storage/tsdb) needs a 2017 tsdb commit the proxy refuses, so only the
# non-test package builds there.
exec go get "$DEFECT_MODULE@$DEFECT_VERSION" \
	github.com/mwitkow/go-conntrack@v0.0.0-20190716064945-2f068394615f \
	github.com/aws/aws-sdk-go@v1.44.0 \
	gopkg.in/yaml.v2@v2.4.0 \
	github.com/prometheus/tsdb@v0.1.0
