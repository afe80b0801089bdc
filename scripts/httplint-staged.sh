#!/usr/bin/env bash
# httplint-staged.sh FILE... runs httplint on the packages (directories)
# that contain the given Go files: pre-commit passes the staged files.
#
# The httplint binary is $HTTPLINT if set, else httplint on PATH, else one
# built from the httplint checkout this script belongs to (the pre-commit
# hook repository), cached in its bin/ directory.
#
# Exit codes are httplint's: 0 clean, 1 load errors, 3 findings.
set -euo pipefail

httplint="${HTTPLINT:-}"
if [ -z "$httplint" ]; then
	if command -v httplint >/dev/null 2>&1; then
		httplint=httplint
	else
		src="$(cd -- "$(dirname -- "$0")/.." && pwd)"
		httplint="$src/bin/httplint"
		(cd -- "$src" && go build -o bin/httplint ./cmd/httplint)
	fi
fi

# Unique ./dir patterns: httplint (like go list) rejects named files from
# several directories, and a package is analysed as a whole anyway.
dirs=()
while IFS= read -r d; do
	dirs+=("$d")
done < <(for f in "$@"; do
	case "$f" in
	*.go) [ -e "$f" ] && printf './%s\n' "$(dirname -- "$f")" ;;
	esac
done | sort -u)

[ ${#dirs[@]} -eq 0 ] && exit 0
exec "$httplint" "${dirs[@]}"
