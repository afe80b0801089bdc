#!/usr/bin/env bash
# dapr v1.13.4 requires github.com/dapr/components-contrib v1.13.1, whose zip the proxy refuses (403): after copying
# dapr's replace directives (replaces.sh), raise components-contrib to v1.13.3, the nearest served patch release.
# dapr v1.14.0 needs no pin (its components-contrib v1.14.0-rc.6 is served).
set -euo pipefail
"$(dirname "$0")/replaces.sh" "$DEFECT_MODULE" "$DEFECT_VERSION"
case "$DEFECT_VERSION" in
v1.13.*) GOFLAGS=-mod=mod go get github.com/dapr/components-contrib@v1.13.3 ;;
esac
