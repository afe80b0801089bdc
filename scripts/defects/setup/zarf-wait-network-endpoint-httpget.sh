#!/usr/bin/env bash
# zarf pins forks (gojsonschema, modernc sqlite, grype) with replace directives: copy them.
exec "$(dirname "$0")/replaces.sh" "$DEFECT_MODULE" "$DEFECT_VERSION"
