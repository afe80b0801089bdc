#!/usr/bin/env bash
# docker/docker's client needs sockets.DialPipe, which go-connections
# removed after v0.5.0.
exec env GOFLAGS=-mod=mod go get github.com/docker/go-connections@v0.5.0
