#!/usr/bin/env bash
# prometheus v1.8.2 and v2.0.0+incompatible have no go.mod: pin the
# dependencies whose newest versions no longer fit (consul/api latest
# needs a newer Go; prometheus/common dropped its log package in v0.27).
set -e
go get github.com/hashicorp/consul/api@v1.20.0 github.com/prometheus/common@v0.26.0
