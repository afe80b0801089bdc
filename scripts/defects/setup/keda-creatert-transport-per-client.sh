#!/usr/bin/env bash
# keda v2.20.x pins k8s.io/*, prometheus and cel-go with replace directives: copy them.
exec "$(dirname "$0")/replaces.sh" "$DEFECT_MODULE" "$DEFECT_VERSION"
