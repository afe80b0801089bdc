#!/usr/bin/env bash
# Whole-repository precision: runs `httplint ./...` at the root of each
# application module of scripts/apps/modules.txt, as a new user would, and
# scores every finding against scripts/apps/verdicts.tsv. See
# scripts/apps/README.md.
#
# usage: scripts/apps/run.sh [options] [-- extra httplint flags]
#
#   -o OUTDIR        output directory (default: a new temp dir, printed)
#   -m FILE          module list (default: scripts/apps/modules.txt)
#   --only REGEX     only modules whose path matches REGEX (grep -E)
#   --twice          run every module twice and diff the outputs
#   --bin PATH       run this httplint binary instead of building one
#   --modcache DIR   use DIR as GOMODCACHE (default: the caller's)
#   --reuse-src      keep OUTDIR/src/<module> from an earlier run
#   --timeout SECS   per-module, per-run time limit (default 3600)
#   -h, --help       this help
#
# Each module is copied from the module cache into OUTDIR/src/<m>, its
# replacements of modules.txt are applied, its dependencies are resolved
# with `go list -e -deps ./...` (what could not be had is recorded in
# OUTDIR/setup/<m>.errors), and httplint runs from the module root, once
# with -json and once in text mode. The scorer (scripts/apps/score) then
# prints, per module, packages, findings, root causes, time and peak
# memory, and the precision per rule and per module; it lists findings
# that have no verdict yet.
#
# Exit status: 0 every module analysed; 1 usage, build or setup failure;
# 2 httplint crashed; 4 the two runs of --twice differ; 5 a timeout;
# 6 some finding has no verdict.
set -euo pipefail

die() { printf 'run.sh: %s\n' "$*" >&2; exit 1; }
log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
usage() { sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; }

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$SCRIPT_DIR/../.." && pwd)

OUTDIR='' MODFILE=$SCRIPT_DIR/modules.txt ONLY='' TWICE=0 USEBIN='' MODCACHE='' REUSE=0 TIMEOUT=3600
EXTRA=()
while (($#)); do
	case $1 in
	-o) OUTDIR=${2:?-o needs a directory}; shift 2 ;;
	-m) MODFILE=${2:?-m needs a file}; shift 2 ;;
	--only) ONLY=${2:?--only needs a regex}; shift 2 ;;
	--twice) TWICE=1; shift ;;
	--bin) USEBIN=${2:?--bin needs a path}; shift 2 ;;
	--modcache) MODCACHE=${2:?--modcache needs a directory}; shift 2 ;;
	--reuse-src) REUSE=1; shift ;;
	--timeout) TIMEOUT=${2:?--timeout needs seconds}; shift 2 ;;
	-h | --help) usage; exit 0 ;;
	--) shift; EXTRA=("$@"); break ;;
	*) usage >&2; die "unknown argument: $1" ;;
	esac
done
command -v go >/dev/null || die "go not found in PATH"
command -v jq >/dev/null || die "jq not found in PATH (apt-get install jq)"
[[ -f $MODFILE ]] || die "no module list: $MODFILE"
MODFILE=$(cd "$(dirname "$MODFILE")" && pwd)/$(basename "$MODFILE")
[[ -n $OUTDIR ]] || OUTDIR=$(mktemp -d /tmp/httplint-apps.XXXXXX)
mkdir -p "$OUTDIR"/{bin,src,setup,results}
OUTDIR=$(cd "$OUTDIR" && pwd)
log "output directory: $OUTDIR"

# --- the module list: MODULE@VERSION KIND [replace OLD=NEW@VERSION ...] ----
MODS=() VERS=() REPL=()
while read -r mv kind rest; do
	[[ -n $mv && $mv != \#* ]] || continue
	[[ $mv == *@* && -n $kind ]] || die "$MODFILE: malformed line: $mv $kind $rest"
	[[ -z $ONLY ]] || grep -Eq -- "$ONLY" <<<"${mv%@*}" || continue
	rest=${rest%%#*}
	MODS+=("${mv%@*}") VERS+=("${mv#*@}") REPL+=("$rest")
done <"$MODFILE"
((${#MODS[@]})) || die "no module selected"
san() { tr -c 'A-Za-z0-9._\n-' '_' <<<"$1"; }

# --- build ------------------------------------------------------------------
BIN=$OUTDIR/bin/httplint
if [[ -n $USEBIN ]]; then
	cp "$USEBIN" "$BIN"
else
	(cd "$REPO" && GOWORK=off go build -o "$BIN" ./cmd/httplint) || die "building ./cmd/httplint failed"
fi
SCORE=$OUTDIR/bin/score
(cd "$REPO" && GOWORK=off go build -o "$SCORE" ./scripts/apps/score) || die "building scripts/apps/score failed"
{
	echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
	echo "go: $(go version)"
	echo "binary: ${USEBIN:-built from $REPO}"
	echo "httplint commit: $(git -C "$REPO" rev-parse HEAD 2>/dev/null || echo unknown)"
	echo "httplint tree: $(git -C "$REPO" status --porcelain -- . 2>/dev/null | wc -l) modified/untracked paths"
	echo "module list: $MODFILE (sha256 $(sha256sum "$MODFILE" | cut -d' ' -f1))"
	echo "extra flags: ${EXTRA[*]:-}"
	echo "cores: $(nproc)"
} >"$OUTDIR/meta.txt"

export GOTOOLCHAIN=local GOWORK=off GOFLAGS=-mod=mod
if [[ -n $MODCACHE ]]; then
	mkdir -p "$MODCACHE"
	GOMODCACHE=$(cd "$MODCACHE" && pwd)
	export GOMODCACHE
fi

# setup I: the module's source in OUTDIR/src, its dependencies resolved.
setup() {
	local i=$1 m=${MODS[$1]} v=${VERS[$1]} s dir r
	s=$(san "$m@$v")
	dir=$OUTDIR/src/$s
	if ((REUSE)) && [[ -f $dir/.ready ]]; then
		return 0
	fi
	local src
	src=$(go mod download -json "$m@$v" 2>"$OUTDIR/setup/$s.log" | jq -r '.Dir // empty')
	[[ -n $src ]] || { log "    cannot download $m@$v: $(go mod download -json "$m@$v" 2>&1 | jq -r '.Error // empty')"; return 1; }
	rm -rf "$dir"
	cp -r "$src" "$dir"
	chmod -R u+w "$dir"
	for r in ${REPL[$1]}; do
		[[ $r != replace ]] || continue
		(cd "$dir" && go mod edit -replace "$r") || return 1
	done
	# What the module needs and the proxy does not serve (or a nested
	# module the zip leaves out) is recorded, not fatal: httplint must
	# report those packages once and analyse the rest.
	(cd "$dir" && go list -e -deps -f '{{with .Error}}{{$.ImportPath}}: {{.}}{{end}}' ./... 2>>"$OUTDIR/setup/$s.log" |
		sed '/^$/d' >"$OUTDIR/setup/$s.errors") || true
	(cd "$dir" && go list -e ./... 2>/dev/null | wc -l >"$OUTDIR/setup/$s.packages") || true
	touch "$dir/.ready"
}

CRASH_RE='^panic: |^fatal error: |^goroutine [0-9]+ \[|internal error|^runtime: |SIGSEGV'

# run_one I RESULTS MODE: httplint on module I (json or text).
run_one() {
	local i=$1 res=$2 mode=$3 s stem rc=0 t0 jflag=()
	s=$(san "${MODS[$i]}@${VERS[$i]}")
	stem=$res/$s.$mode
	[[ $mode == text ]] || jflag=(-json)
	t0=$(date +%s.%N)
	(
		cd "$OUTDIR/src/$s"
		exec /usr/bin/time -f '%M' -o "$stem.rss" timeout -k 30 "$TIMEOUT" "$BIN" "${jflag[@]}" ${EXTRA[@]+"${EXTRA[@]}"} ./...
	) >"$stem.out" 2>"$stem.err" </dev/null || rc=$?
	echo "$rc" >"$stem.exit"
	awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN {printf "%.1f\n", b - a}' >"$stem.time"
	grep -Eo '^[0-9]+$' "$stem.rss" | tail -1 >"$stem.rss.tmp" || true
	mv "$stem.rss.tmp" "$stem.rss"
}

RC=0
run_all() {
	local res=$1 i n=0
	mkdir -p "$res"
	for i in "${!MODS[@]}"; do
		n=$((n + 1))
		log "[$n/${#MODS[@]}] ${MODS[$i]}@${VERS[$i]}"
		setup "$i" || { RC=1; continue; }
		run_one "$i" "$res" json
		run_one "$i" "$res" text
		local s
		s=$(san "${MODS[$i]}@${VERS[$i]}")
		if grep -Eq "$CRASH_RE" "$res/$s.json.err" "$res/$s.text.err"; then
			log "    CRASH (see $res/$s.*.err)"
			RC=2
		fi
		for x in json text; do
			[[ $(cat "$res/$s.$x.exit") != 124 ]] || { log "    TIMEOUT ($x)"; ((RC)) || RC=5; }
		done
		log "    $(jq '[.[] | .[] | arrays | .[]] | length' "$res/$s.json.out" 2>/dev/null || echo '?') findings in $(cat "$res/$s.json.time") s, text exit $(cat "$res/$s.text.exit")"
	done
}

T0=$(date +%s)
run_all "$OUTDIR/results"
if ((TWICE)); then
	log "second run (--twice)"
	run_all "$OUTDIR/results-run2"
	for f in "$OUTDIR"/results/*.{json,text}.out; do
		g=$OUTDIR/results-run2/$(basename "$f")
		if ! cmp -s "$f" "$g"; then
			echo "NONDETERMINISTIC: $(basename "$f")" >&2
			diff "$f" "$g" | head -20 >&2 || true
			((RC)) || RC=4
		fi
	done
	((RC == 4)) || log "determinism: both runs printed identical text and JSON for every module"
fi
echo "runs: $(($(date +%s) - T0)) s" >>"$OUTDIR/meta.txt"

"$SCORE" -modules "$MODFILE" -verdicts "$SCRIPT_DIR/verdicts.tsv" -out "$OUTDIR" ${ONLY:+-only "$ONLY"} | tee "$OUTDIR/score.txt"
sc=${PIPESTATUS[0]}
((sc != 6)) || { ((RC)) || RC=6; }
((sc == 0 || sc == 6)) || { ((RC)) || RC=1; }
exit $RC
