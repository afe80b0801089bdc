#!/usr/bin/env bash
# The package's tests import autorest/mocks, a module of its own: -t adds it.
exec go get -t "$DEFECT_MODULE@$DEFECT_VERSION"
