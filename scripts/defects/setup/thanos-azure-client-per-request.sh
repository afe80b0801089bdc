#!/usr/bin/env bash
# same as thanos-s3-maxidleperhost.sh: copy Thanos's replace directives, fetch without the checksum database.
exec "$(dirname "$0")/thanos.sh" "$DEFECT_VERSION"
