#!/usr/bin/env bash
# keda v2.19.x/v2.20.x pin k8s.io/*, prometheus and cel-go with replace directives: copy them
# (same as scripts/defects/setup/keda-creatert-transport-per-client.sh).
exec "$(dirname "$0")/replaces.sh" "$DEFECT_MODULE" "$DEFECT_VERSION"
