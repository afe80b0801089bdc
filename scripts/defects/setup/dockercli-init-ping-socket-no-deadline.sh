#!/usr/bin/env bash
# docker/cli has no go.mod (+incompatible): pin the docker/docker client of the
# same release, docker/distribution before reference.SplitHostname was removed,
# and go-connections before sockets.DialPipe was removed.
exec env GOFLAGS=-mod=mod go get "$DEFECT_MODULE@$DEFECT_VERSION" \
	"github.com/docker/docker@$DEFECT_VERSION" \
	github.com/docker/distribution@v2.8.1+incompatible \
	github.com/docker/go-connections@v0.4.0
