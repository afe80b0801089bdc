#!/usr/bin/env bash
# Recall on documented real defects: runs httplint on each defect of
# scripts/defects/defects.tsv at the version that contains it and at the
# first version with the fix, and prints recall per analyzer.
#
#   scripts/defects/run.sh [-o OUTDIR] [--only REGEX] [--bin HTTPLINT] [-- HTTPLINT-FLAGS...]
#
# A defect is found when a finding of one of its rules is at its line (or
# one of its alt_lines, "LINE" or "FILE:LINE"), or names that line as a
# related position. On the fixed version the same spot (the same file and
# the same enclosing function, see spot/) must be silent for those rules.
#
# Each module version gets its own scratch module under OUTDIR/mod/, made
# with `go get MODULE@VERSION` from the Go module proxy (GOTOOLCHAIN=local);
# an executable scripts/defects/setup/ID.sh, if present, runs in the
# scratch module first (extra pins or replace directives some old modules
# need). Results: OUTDIR/results.tsv (one row per defect) and the JSON of
# each run in OUTDIR/json/. Needs Go and jq.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
OUTDIR="" ONLY="" BIN="" EXTRA=()
while [ $# -gt 0 ]; do
	case "$1" in
	-o) OUTDIR=$2; shift 2 ;;
	--only) ONLY=$2; shift 2 ;;
	--bin) BIN=$2; shift 2 ;;
	--) shift; EXTRA=("$@"); break ;;
	-h | --help) sed -n '2,18p' "$0"; exit 0 ;;
	*) echo "unknown argument $1 (see -h)" >&2; exit 2 ;;
	esac
done
command -v jq >/dev/null || { echo "run.sh needs jq" >&2; exit 1; }
[ -n "$OUTDIR" ] || OUTDIR=$(mktemp -d /tmp/httplint-defects.XXXXXX)
mkdir -p "$OUTDIR/mod" "$OUTDIR/json" "$OUTDIR/bin"
export GOTOOLCHAIN=local GOFLAGS=-mod=mod
log() { printf '[%s] %s\n' "$(date +%T)" "$*" >&2; }
log "output directory: $OUTDIR"

if [ -z "$BIN" ]; then
	BIN=$OUTDIR/bin/httplint
	(cd "$root" && go build -o "$BIN" ./cmd/httplint) || { echo "building httplint failed" >&2; exit 1; }
fi
SPOT=$OUTDIR/bin/spot
(cd "$root" && go build -o "$SPOT" ./scripts/defects/spot) || exit 1

# prepare MODULE VERSION ID: a scratch module that requires MODULE@VERSION.
prepare() {
	local mod=$1 ver=$2 id=$3 dir
	dir=$OUTDIR/mod/$(echo "$mod@$ver" | tr -c 'A-Za-z0-9._\n-' '_')
	if [ ! -f "$dir/.ready" ]; then
		rm -rf "$dir" && mkdir -p "$dir"
		(
			cd "$dir" && go mod init example.com/defects >/dev/null 2>&1 &&
				{ [ ! -x "$here/setup/$id.sh" ] || DEFECT_MODULE=$mod DEFECT_VERSION=$ver "$here/setup/$id.sh"; } &&
				go get "$mod@$ver"
		) >"$dir.setup.log" 2>&1 || { echo "$dir"; return 1; }
		touch "$dir/.ready"
	fi
	echo "$dir"
}

# findings JSONFILE RULES: "file:line:category" for the findings and
# their related positions whose category is one of RULES (analyzer/slug,
# comma-separated).
findings() {
	jq -r --arg rules "$2" '
		($rules | split(",")) as $r
		| to_entries[] | .key as $pkg | .value | to_entries[] | .key as $a
		| .value | if type == "array" then .[] else empty end
		| (.category // "") as $c
		| select($r | index($a + "/" + $c))
		| (.posn, (.related // [] | .[].posn)) as $p
		| "\($p)\t\($a)/\($c)"' "$1" 2>/dev/null
}

# run DIR PACKAGE NAME: httplint -json on PACKAGE in DIR.
run() {
	local dir=$1 pkg=$2 out=$OUTDIR/json/$3.json
	(cd "$dir" && "$BIN" -json "${EXTRA[@]}" "$pkg" >"$out" 2>"$out.err")
	echo "$out"
}

# moddir DIR MODULE: the directory of MODULE in DIR's module graph.
moddir() { (cd "$1" && go list -m -f '{{.Dir}}' "$2"); }

printf 'id\tanalyzer\trules\tversion\tfound\tfixed_version\tfixed_silent\tnote\n' >"$OUTDIR/results.tsv"
declare -A total found silent
# Fields are read with a non-whitespace separator, so that empty ones
# (an empty alt_lines) are not merged away.
while IFS=$'\x1f' read -r id analyzer rules mod ver pkg file line alt fixed link shape rest; do
	[ "$id" = id ] && continue
	[ -n "$id" ] || continue
	case "$id" in \#*) continue ;; esac
	[ -z "$ONLY" ] || [[ "$id" =~ $ONLY ]] || continue
	total[$analyzer]=$((${total[$analyzer]:-0} + 1))
	note=""
	if ! dir=$(prepare "$mod" "$ver" "$id"); then
		log "$id: setup of $mod@$ver failed (see $dir.setup.log)"
		printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$id" "$analyzer" "$rules" "$ver" setup-failed "$fixed" - "" >>"$OUTDIR/results.tsv"
		continue
	fi
	json=$(run "$dir" "$pkg" "$id@$ver")
	# The lines that count: the defect line and the alt_lines of the same
	# file ("LINE"), or of another file ("FILE:LINE").
	want=("$file:$line")
	IFS=',' read -ra alts <<<"$alt"
	for a in "${alts[@]}"; do
		a=${a// /}
		[ -z "$a" ] || [ "$a" = - ] && continue
		case "$a" in *:*) want+=("$a") ;; *) want+=("$file:$a") ;; esac
	done
	hit=missed
	while IFS=$'\t' read -r posn cat; do
		for w in "${want[@]}"; do
			case "$posn" in */"$w":*) hit=found ;; esac
		done
	done < <(findings "$json" "$rules")
	[ "$hit" = found ] && found[$analyzer]=$((${found[$analyzer]:-0} + 1))
	[ -s "$json.err" ] && grep -q 'panic\|internal error' "$json.err" && note="CRASH"

	fsilent=-
	if [ -n "$fixed" ] && [ "$fixed" != - ]; then
		src=$(moddir "$dir" "$mod")/$file
		spot=$("$SPOT" "$src" "$line" 2>/dev/null | cut -d' ' -f2)
		if fdir=$(prepare "$mod" "$fixed" "$id"); then
			fjson=$(run "$fdir" "$pkg" "$id@$fixed")
			fsrc=$(moddir "$fdir" "$mod")/$file
			fsilent=silent
			while IFS=$'\t' read -r posn cat; do
				case "$posn" in */"$file":*) ;; *) continue ;; esac
				l=${posn%:*}
				l=${l##*:}
				[ -f "$fsrc" ] && [ "$("$SPOT" "$fsrc" "$l" | cut -d' ' -f2)" = "$spot" ] && fsilent=reported
			done < <(findings "$fjson" "$rules")
			[ "$fsilent" = silent ] && silent[$analyzer]=$((${silent[$analyzer]:-0} + 1))
		else
			fsilent=setup-failed
		fi
	fi
	log "$id: $hit at $ver; fixed $fixed: $fsilent $note"
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$id" "$analyzer" "$rules" "$ver" "$hit" "$fixed" "$fsilent" "$note" >>"$OUTDIR/results.tsv"
done < <(tr '\t' '\037' <"$here/defects.tsv")

echo
printf '%-16s %8s %8s %8s %14s\n' analyzer defects found recall fixed-silent
all=0 allfound=0
for a in acquiretimeout poolsize retrypolicy headersize; do
	t=${total[$a]:-0} f=${found[$a]:-0} s=${silent[$a]:-0}
	all=$((all + t)) allfound=$((allfound + f))
	r=-
	[ "$t" -gt 0 ] && r=$(awk -v f="$f" -v t="$t" 'BEGIN{printf "%.0f%%", 100*f/t}')
	printf '%-16s %8d %8d %8s %14s\n' "$a" "$t" "$f" "$r" "$s/$t"
done
[ "$all" -gt 0 ] && printf '%-16s %8d %8d %8s\n' total "$all" "$allfound" "$(awk -v f="$allfound" -v t="$all" 'BEGIN{printf "%.0f%%", 100*f/t}')"
echo "results: $OUTDIR/results.tsv"
