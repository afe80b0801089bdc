#!/usr/bin/env bash
exec "$(dirname "$0")/thanos.sh" "$DEFECT_VERSION"
