#!/usr/bin/env bash
# argo-cd/v2 pins k8s.io/* and forks with replace directives: copy them.
exec "$(dirname "$0")/replaces.sh" "$DEFECT_MODULE" "$DEFECT_VERSION"
