#!/usr/bin/env bash
# libhoney-go v1.8 has no go.mod: pin the dependencies of its time.
exec go get github.com/facebookgo/clock@v0.0.0-20150410010913-600d898af40a \
	github.com/facebookgo/limitgroup@v0.0.0-20150612190941-6abd8d71ec01 \
	github.com/facebookgo/muster@v0.0.0-20150708232844-fd3d7953fd52 \
	gopkg.in/alexcesaro/statsd.v2@v2.0.0 github.com/stretchr/testify@v1.12.1
