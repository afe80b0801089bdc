#!/usr/bin/env bash
# Census of give-ups: runs httplint with its hidden -httplint.giveups flag
# over each target and prints, per reason, how often the analysis
# abandoned a candidate without a verdict and three example positions.
# See docs/evaluation.md ("Where the model gives up") and package
# internal/giveup.
#
# usage: scripts/giveups/run.sh [-o OUTDIR] [--bin HTTPLINT] TARGET...
#
#   TARGET   "std" (the standard library, from this module's root);
#            a directory holding a Go module (httplint ./... runs there);
#            corpus:DIR, the 47-module corpus (scripts/corpus/run.sh -o DIR
#            -- -deps; DIR/mod is reused when an earlier run set it up);
#            defects:DIR, every version of scripts/defects (run.sh -o DIR
#            -- -deps); apps:DIR[:REGEX], the application modules
#            (scripts/apps/run.sh -o DIR, reusing DIR/src, optionally
#            --only REGEX). Positions seen by several runs of one target
#            (a defect's buggy and fixed versions) count once.
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
	kind=dir regex=''
	case $t in
	std) name=std dir=$REPO pattern=std ;;
	corpus:* | defects:*)
		kind=${t%%:*} dir=${t#*:} name=$kind
		mkdir -p "$dir" && dir=$(cd "$dir" && pwd) ;;
	apps:*)
		kind=apps name=apps rest=${t#apps:} dir=${rest%%:*}
		[[ $rest == *:* ]] && regex=${rest#*:}
		mkdir -p "$dir" && dir=$(cd "$dir" && pwd) ;;
	*)
		[[ -f $t/go.mod ]] || die "$t: not a module directory, std, corpus:DIR, defects:DIR or apps:DIR"
		name=$(basename "$t") dir=$t pattern=./... ;;
	esac
	out=$OUTDIR/$name.jsonl
	: >"$out"
	# Findings (exit 3) and packages that fail to load (exit 1) are
	# expected; the census is what counts. The flag appends, so a
	# script's many runs gather in one file.
	flag=-httplint.giveups=$out
	case $kind in
	dir) (cd "$dir" && "$BIN" "$flag" "$pattern" >/dev/null 2>"$OUTDIR/$name.err") || true ;;
	corpus)
		reuse=()
		[[ -d $dir/mod ]] && reuse=(--reuse-mod)
		"$REPO/scripts/corpus/run.sh" -o "$dir" ${reuse[@]+"${reuse[@]}"} --bin "$BIN" -- -deps "$flag" >"$OUTDIR/$name.err" 2>&1 || true ;;
	defects) "$REPO/scripts/defects/run.sh" -o "$dir" --bin "$BIN" -- -deps "$flag" >"$OUTDIR/$name.err" 2>&1 || true ;;
	apps)
		only=()
		[[ -n $regex ]] && only=(--only "$regex")
		"$REPO/scripts/apps/run.sh" -o "$dir" --reuse-src ${only[@]+"${only[@]}"} --bin "$BIN" -- "$flag" >"$OUTDIR/$name.err" 2>&1 || true ;;
	esac
	jq -sc 'unique_by([.reason, .pos]) | .[]' "$out" >"$out.tmp" && mv "$out.tmp" "$out"
	printf '%-40s %6d give-ups\n' "$name" "$(wc -l <"$out")" >&2
	jq -c --arg t "$name" '. + {target: $t}' "$out" >>"$OUTDIR/all.jsonl"
done

echo
printf '%-28s %7s  %s\n' reason count examples
jq -rs 'group_by(.reason) | map({reason: .[0].reason, n: length, ex: (map(.pos + " (" + .candidate + ")") | .[0:3])})
	| sort_by(-.n) | .[] | "\(.reason)\t\(.n)\t\(.ex | join("; "))"' "$OUTDIR/all.jsonl" |
	awk -F'\t' '{ printf "%-28s %7d  %s\n", $1, $2, $3 }'
