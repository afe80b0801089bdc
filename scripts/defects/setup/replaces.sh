#!/usr/bin/env bash
# replaces.sh MODULE VERSION: copies MODULE@VERSION's replace directives
# into the scratch module in the current directory (a module whose own
# build needs them, e.g. pinned forks), then requires MODULE@VERSION
# without the checksum database (for old pseudo-versions whose recorded
# checksums no longer match), so that the go get of run.sh only checks
# go.sum.
set -euo pipefail
mod=$1 ver=$2
gomod=$(go mod download -json "$mod@$ver" | sed -n 's/.*"GoMod": "\(.*\)",*/\1/p')
awk '
	/^replace \($/ {inb=1; next}
	inb && /^\)/ {inb=0; next}
	inb || /^replace / {
		sub(/^replace /, ""); sub(/\/\/.*/, "")
		if ($0 ~ /=>/) { gsub(/^[ \t]+|[ \t]+$/, ""); print }
	}' "$gomod" | while read -r old arrow new newver; do
	[ -n "$old" ] || continue
	case "$new" in .* | /*) continue ;; esac # local paths cannot be reproduced
	go mod edit -replace="$old=$new${newver:+@$newver}"
done
GOSUMDB=off GOFLAGS=-mod=mod go get "$mod@$ver"
