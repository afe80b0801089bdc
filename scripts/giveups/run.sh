#!/usr/bin/env bash
# Census of give-ups: runs httplint with its hidden -httplint.giveups flag
# over each target and prints, per reason, how often the analysis
# abandoned a candidate without a verdict and three example positions.
# See docs/evaluation.md ("Where the model gives up") and package
# internal/giveup.
#
# usage: scripts/giveups/run.sh [-o OUTDIR] [--bin HTTPLINT] TARGET...
#
#   TARGET   "std" (the standard library, from this module's root), or a
#            directory holding a Go module (httplint ./... runs there)
#   -o       output directory (default: a new temp dir, printed); one
#            <target>.jsonl per target and all.jsonl
#   --bin    use this httplint binary instead of building one
#
# Needs Go and jq. Exit status: 0 done; 1 usage or build failure.
set -euo pipefail

die() { printf 'giveups: %s\n' "$*" >&2; exit 1; }
SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$SCRIPT_DIR/../.." && pwd)

OUTDIR='' BIN='' TARGETS=()
while (($#)); do
	case $1 in
	-o) OUTDIR=${2:?-o needs a directory}; shift 2 ;;
	--bin) BIN=${2:?--bin needs a path}; shift 2 ;;
	-h | --help) sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;;
	-*) die "unknown flag: $1" ;;
	*) TARGETS+=("$1"); shift ;;
	esac
done
((${#TARGETS[@]})) || die "no target (std, or a module directory)"
command -v jq >/dev/null || die "jq not found in PATH (apt-get install jq)"
[[ -n $OUTDIR ]] || OUTDIR=$(mktemp -d /tmp/giveups.XXXXXX)
mkdir -p "$OUTDIR"
OUTDIR=$(cd "$OUTDIR" && pwd)
if [[ -z $BIN ]]; then
	BIN=$OUTDIR/httplint
	(cd "$REPO" && go build -o "$BIN" ./cmd/httplint) || die "build failed"
fi
printf 'output directory: %s\n' "$OUTDIR" >&2

: >"$OUTDIR/all.jsonl"
for t in "${TARGETS[@]}"; do
	if [[ $t == std ]]; then
		name=std dir=$REPO pattern=std
	else
		[[ -f $t/go.mod ]] || die "$t: not a module directory"
		name=$(basename "$t") dir=$t pattern=./...
	fi
	out=$OUTDIR/$name.jsonl
	# Findings (exit 3) and packages that fail to load (exit 1) are
	# expected; the census is what counts.
	(cd "$dir" && "$BIN" -httplint.giveups="$out" "$pattern" >/dev/null 2>"$OUTDIR/$name.err") || true
	printf '%-40s %6d give-ups\n' "$name" "$(wc -l <"$out")" >&2
	jq -c --arg t "$name" '. + {target: $t}' "$out" >>"$OUTDIR/all.jsonl"
done

echo
printf '%-28s %7s  %s\n' reason count examples
jq -rs 'group_by(.reason) | map({reason: .[0].reason, n: length, ex: (map(.pos + " (" + .candidate + ")") | .[0:3])})
	| sort_by(-.n) | .[] | "\(.reason)\t\(.n)\t\(.ex | join("; "))"' "$OUTDIR/all.jsonl" |
	awk -F'\t' '{ printf "%-28s %7d  %s\n", $1, $2, $3 }'
