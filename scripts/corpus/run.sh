#!/usr/bin/env bash
# Runs httplint on a pinned corpus of real-world Go modules that make HTTP
# client calls (scripts/corpus/modules.txt) and records findings, exit
# codes, wall times, load errors and crashes. See scripts/corpus/README.md.
#
# usage: scripts/corpus/run.sh [options] [-- extra httplint flags]
#
#   -o OUTDIR          output directory (default: a new temp dir, printed)
#   -m FILE            module list (default: scripts/corpus/modules.txt)
#   --only REGEX       only modules whose path matches REGEX (grep -E)
#   --twice            run the whole corpus twice and diff the outputs
#                      (findings must be identical and in the same order)
#   --tests            also analyse _test.go files (resolves test deps and
#                      passes -test=true; default is -test=false)
#   --timeout SECS     per-module, per-run time limit (default 1800)
#   --modcache DIR     use DIR as GOMODCACHE (an isolated, measurable cache);
#                      default: the caller's GOMODCACHE
#   --reuse-mod        reuse OUTDIR/mod from an earlier run (skip setup)
#   --setup-only       build, set up and verify the scratch module, then stop
#   --build-retries N  retry a failing build of ./cmd/httplint N times,
#                      60 s apart (default 0)
#   --bin PATH         run this httplint binary instead of building one
#   -h, --help         this help
#
# Exit status: 0 all modules analysed (findings are not failures);
#   1 usage, build or setup failure; 2 httplint crashed (panic, fatal
#   error, "internal error", analyzer error, killed by a signal) on some
#   module; 3 packages failed to load (a corpus setup problem);
#   4 the two runs of --twice differ; 5 a module hit --timeout.
set -euo pipefail

die() { printf 'run.sh: %s\n' "$*" >&2; exit 1; }
log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
usage() { sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; }

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$SCRIPT_DIR/../.." && pwd)

OUTDIR='' MODFILE=$SCRIPT_DIR/modules.txt ONLY='' TWICE=0 TESTS=0 TIMEOUT=1800
MODCACHE='' REUSE=0 SETUP_ONLY=0 BUILD_RETRIES=0 USEBIN=''
EXTRA=()
while (($#)); do
	case $1 in
	-o) OUTDIR=${2:?-o needs a directory}; shift 2 ;;
	-m) MODFILE=${2:?-m needs a file}; shift 2 ;;
	--only) ONLY=${2:?--only needs a regex}; shift 2 ;;
	--twice) TWICE=1; shift ;;
	--tests) TESTS=1; shift ;;
	--timeout) TIMEOUT=${2:?--timeout needs seconds}; shift 2 ;;
	--modcache) MODCACHE=${2:?--modcache needs a directory}; shift 2 ;;
	--reuse-mod) REUSE=1; shift ;;
	--setup-only) SETUP_ONLY=1; shift ;;
	--build-retries) BUILD_RETRIES=${2:?--build-retries needs a number}; shift 2 ;;
	--bin) USEBIN=${2:?--bin needs a path}; shift 2 ;;
	-h | --help) usage; exit 0 ;;
	--) shift; EXTRA=("$@"); break ;;
	*) usage >&2; die "unknown argument: $1" ;;
	esac
done

command -v go >/dev/null || die "go not found in PATH"
command -v jq >/dev/null || die "jq not found in PATH (apt-get install jq)"
[[ -f $MODFILE ]] || die "no module list: $MODFILE"
MODFILE=$(cd "$(dirname "$MODFILE")" && pwd)/$(basename "$MODFILE")

if [[ -z $OUTDIR ]]; then
	OUTDIR=$(mktemp -d "${TMPDIR:-/tmp}/httplint-corpus.XXXXXX")
fi
mkdir -p "$OUTDIR"
OUTDIR=$(cd "$OUTDIR" && pwd)
MODDIR=$OUTDIR/mod
log "output directory: $OUTDIR"

# --- the module list ------------------------------------------------------
# MODS[i]=module path, VERS[i]=version, PATS[i]=space separated patterns
# ("-" = pinned dependency only, not analysed), SAN[i]=file name stem.
MODS=() VERS=() PATS=() SAN=()
lineno=0
while IFS= read -r line || [[ -n $line ]]; do
	lineno=$((lineno + 1))
	line=${line%%#*}
	read -r -a f <<<"$line" || true
	((${#f[@]})) || continue
	[[ ${f[0]} == *@* ]] || die "$MODFILE:$lineno: want MODULE@VERSION, got ${f[0]}"
	mod=${f[0]%@*} ver=${f[0]##*@}
	[[ -n $mod && -n $ver && $ver != latest && $ver != upgrade && $ver != patch ]] ||
		die "$MODFILE:$lineno: need an exact version: ${f[0]}"
	pats=("${f[@]:1}")
	((${#pats[@]})) || pats=("$mod/...")
	for m in "${MODS[@]}"; do [[ $m != "$mod" ]] || die "$MODFILE:$lineno: $mod listed twice"; done
	MODS+=("$mod") VERS+=("$ver") PATS+=("${pats[*]}") SAN+=("$(printf '%s' "$mod" | tr -c 'A-Za-z0-9._-' '_')")
done <"$MODFILE"
((${#MODS[@]})) || die "no modules in $MODFILE"

# SEL: indexes of the modules analysed in this run.
SEL=()
for i in "${!MODS[@]}"; do
	[[ ${PATS[i]} != - ]] || continue
	[[ -z $ONLY ]] || grep -Eq -- "$ONLY" <<<"${MODS[i]}" || continue
	SEL+=("$i")
done
((${#SEL[@]})) || die "no module selected (--only '$ONLY')"
log "${#MODS[@]} pinned modules in $(basename "$MODFILE"), ${#SEL[@]} to analyse"

# --- build httplint (with the caller's environment) -------------------------
BIN=$OUTDIR/bin/httplint
mkdir -p "$OUTDIR/bin"
attempt=0
if [[ -n $USEBIN ]]; then
	[[ -x $USEBIN ]] || die "--bin $USEBIN: not an executable"
	cp "$USEBIN" "$BIN"
	echo "binary given with --bin $USEBIN" >"$OUTDIR/build.log"
fi
until [[ -n $USEBIN ]] || (cd "$REPO" && GOWORK=off go build -o "$BIN" ./cmd/httplint) 2>"$OUTDIR/build.log"; do
	cat "$OUTDIR/build.log" >&2
	attempt=$((attempt + 1))
	((attempt <= BUILD_RETRIES)) || die "building ./cmd/httplint failed (see $OUTDIR/build.log)"
	log "build failed; retry $attempt/$BUILD_RETRIES in 60 s"
	sleep 60
done
{
	echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
	echo "go: $(go version)"
	echo "binary: ${USEBIN:-built from $REPO}"
	echo "httplint commit: $(git -C "$REPO" rev-parse HEAD 2>/dev/null || echo unknown)"
	echo "httplint tree: $(git -C "$REPO" status --porcelain -- . 2>/dev/null | wc -l) modified/untracked paths"
	echo "module list: $MODFILE (sha256 $(sha256sum "$MODFILE" | cut -d' ' -f1))"
	echo "extra flags: ${EXTRA[*]:-}"
	echo "tests: $TESTS"
	echo "cores: $(nproc)"
} >"$OUTDIR/meta.txt"
log "built $BIN"

# --- environment for everything below -------------------------------------
export GOTOOLCHAIN=local GOWORK=off
if [[ -n $MODCACHE ]]; then
	mkdir -p "$MODCACHE"
	GOMODCACHE=$(cd "$MODCACHE" && pwd)
	export GOMODCACHE
fi
echo "gomodcache: $(go env GOMODCACHE)" >>"$OUTDIR/meta.txt"
# The caller's GOFLAGS without any -mod setting; -mod is chosen per step.
BASEFLAGS=
for fl in $(go env GOFLAGS); do [[ $fl == -mod=* ]] || BASEFLAGS+="$fl "; done
gomod() { GOFLAGS="$BASEFLAGS-mod=mod" go "$@"; }
goro() { GOFLAGS="$BASEFLAGS-mod=readonly" go "$@"; }
goplain() { GOFLAGS="$BASEFLAGS" go "$@"; }

# --- scratch module ---------------------------------------------------------
# go get pins every listed module; go list -mod=mod -deps then records in
# go.mod/go.sum exactly what loading the listed packages needs (no tools.go
# and no go mod tidy: tidy would also fetch the test dependencies of every
# dependency, e.g. aws-sdk-go v1 through caddy's smallstep/certificates);
# the readonly check at the end proves nothing else is needed.
setup() {
	local i allmv=() allpats=() p bad=0 testflag=()
	((!TESTS)) || testflag=(-test)
	rm -rf "$MODDIR"
	: >"$OUTDIR/setup.log"
	mkdir -p "$MODDIR/packages"
	cd "$MODDIR"
	goplain mod init example.com/httplintcorpus 2>>"$OUTDIR/setup.log"
	for i in "${!MODS[@]}"; do allmv+=("${MODS[i]}@${VERS[i]}"); done
	log "go get ${#allmv[@]} modules"
	gomod get "${allmv[@]}" >>"$OUTDIR/setup.log" 2>&1 || {
		grep -v '^go: downloading ' "$OUTDIR/setup.log" | tail -40 >&2
		die "go get failed (see $OUTDIR/setup.log)"
	}
	check_versions || die "minimal version selection moved pinned modules (above); pin those versions in $(basename "$MODFILE")"

	log "expanding package patterns"
	for i in "${SEL[@]}"; do
		read -r -a p <<<"${PATS[i]}"
		allpats+=("${p[@]}")
		gomod list -e -f '{{.ImportPath}}	{{.Name}}	{{.Module}}	{{if .Error}}{{.Error}}{{end}}' "${p[@]}" \
			>"packages/${SAN[i]}.tsv" 2>"packages/${SAN[i]}.err" || true
		# "go: downloading ..." progress lines are not errors.
		sed -i '/^go: downloading /d' "packages/${SAN[i]}.err"
		# An empty package list, or a package of another module, is a list
		# error (wrong pattern, or a nested module that go get did not add).
		if [[ ! -s packages/${SAN[i]}.tsv ]] || [[ -s packages/${SAN[i]}.err ]] ||
			awk -F'\t' -v m="${MODS[i]}" '$4 != "" || index($3, m " ") != 1 {bad=1} END {exit !bad}' "packages/${SAN[i]}.tsv"; then
			echo "  ${MODS[i]}: patterns ${PATS[i]}:" >&2
			cat "packages/${SAN[i]}.err" >&2
			awk -F'\t' -v m="${MODS[i]}" '$4 != "" || index($3, m " ") != 1 {print "    " $1 " (module " $3 "): " $4}' "packages/${SAN[i]}.tsv" >&2
			bad=1
		fi
	done
	((!bad)) || die "package patterns do not resolve (above)"

	log "resolving the dependencies of $(cat packages/*.tsv | wc -l) packages"
	gomod list -e -deps "${testflag[@]}" "${allpats[@]}" >/dev/null 2>>"$OUTDIR/setup.log" || true
	# A module that only the scratch module requires and that is not in the
	# list was resolved at @latest (an import of a dependency without a
	# go.mod, e.g. a +incompatible module): pin it in the list (pattern -).
	goro mod graph >"$MODDIR/graph.txt"
	awk -v main=example.com/httplintcorpus -v pins="${MODS[*]}" '
		BEGIN { n = split(pins, a, " "); for (i = 1; i <= n; i++) pin[a[i]] = 1 }
		{ split($2, t, "@"); if ($1 == main) req[t[1]] = $2; else reqd[t[1]] = 1 }
		END { for (m in req) if (!reqd[m] && !pin[m]) print req[m] }' "$MODDIR/graph.txt" | sort >"$OUTDIR/unpinned.txt"
	if [[ -s $OUTDIR/unpinned.txt ]]; then
		log "WARNING: not reproducible: resolved at @latest; pin these in $(basename "$MODFILE") with pattern -:"
		sed 's/^/    /' "$OUTDIR/unpinned.txt" >&2
	fi
	check_versions || die "resolving dependencies moved pinned modules (above)"
	# Download (and verify against go.sum) every module providing a package.
	goro list -e -deps "${testflag[@]}" -f '{{with .Module}}{{if not .Main}}{{.Path}}@{{.Version}}{{end}}{{end}}' "${allpats[@]}" 2>/dev/null |
		sed '/^$/d' | sort -u >"$MODDIR/modules-used.txt"
	log "go mod download ($(wc -l <"$MODDIR/modules-used.txt") modules provide the loaded packages)"
	xargs env GOFLAGS="$BASEFLAGS" go mod download <"$MODDIR/modules-used.txt" >>"$OUTDIR/setup.log" 2>&1 ||
		die "go mod download failed (see $OUTDIR/setup.log)"

	# Verify with a read-only go.mod: every listed package and all its
	# dependencies must load without any further module change.
	log "verifying that every package loads (-mod=readonly)"
	for i in "${SEL[@]}"; do
		read -r -a p <<<"${PATS[i]}"
		goro list -e -deps "${testflag[@]}" -f '{{with .Error}}{{$.ImportPath}}: {{.}}{{end}}' "${p[@]}" \
			>"packages/${SAN[i]}.loaderr" 2>&1 || true
		sed -i -e '/^$/d' -e '/^go: downloading /d' "packages/${SAN[i]}.loaderr"
		if [[ -s packages/${SAN[i]}.loaderr ]]; then
			echo "  ${MODS[i]}@${VERS[i]}:" >&2
			head -20 "packages/${SAN[i]}.loaderr" | sed 's/^/    /' >&2
			bad=1
		fi
	done
	((!bad)) || die "setup-caused load errors (above); fix $(basename "$MODFILE")"
	cd "$OUTDIR"
}

# check_versions: every listed module must be selected at its pinned version.
check_versions() {
	local i got bad=0
	for i in "${!MODS[@]}"; do
		got=$(goplain list -m -f '{{.Version}}' "${MODS[i]}" 2>/dev/null || echo missing)
		if [[ $got != "${VERS[i]}" ]]; then
			echo "  ${MODS[i]}: pinned ${VERS[i]}, selected $got" >&2
			bad=1
		fi
	done
	return $bad
}

if ((REUSE)) && [[ -f $MODDIR/go.mod ]]; then
	log "reusing $MODDIR"
else
	t0=$(date +%s)
	setup
	log "setup done in $(($(date +%s) - t0)) s"
fi
if [[ -n $MODCACHE ]]; then
	echo "gomodcache size: $(du -sh "$GOMODCACHE" | cut -f1) (downloaded archives in cache/download: $(du -sh "$GOMODCACHE/cache/download" | cut -f1))" >>"$OUTDIR/meta.txt"
fi
((!SETUP_ONLY)) || { log "--setup-only: done"; exit 0; }

# --- runs -----------------------------------------------------------------
FLAGS=()
if ((TESTS)); then FLAGS+=(-test=true); else FLAGS+=(-test=false); fi
FLAGS+=(${EXTRA[@]+"${EXTRA[@]}"})
CRASH_RE='^panic: |^fatal error: |^goroutine [0-9]+ \[|internal error|^runtime: |SIGSEGV'
TIMEBIN=
[[ ! -x /usr/bin/time ]] || TIMEBIN=/usr/bin/time

# run_one DIR I MODE: runs httplint on module I in MODE (json or text);
# writes DIR/SAN.MODE.{out,err,exit,time}.
run_one() {
	local dir=$1 i=$2 mode=$3 p stem t0 rc=0 jflag=()
	read -r -a p <<<"${PATS[i]}"
	stem=$dir/${SAN[i]}.$mode
	[[ $mode == text ]] || jflag=(-json)
	t0=$(date +%s.%N)
	(
		cd "$MODDIR"
		export GOFLAGS="$BASEFLAGS-mod=readonly"
		if [[ -n $TIMEBIN ]]; then
			exec "$TIMEBIN" -f '%M' -o "$stem.rss" timeout -k 30 "$TIMEOUT" "$BIN" "${jflag[@]}" "${FLAGS[@]}" "${p[@]}"
		else
			exec timeout -k 30 "$TIMEOUT" "$BIN" "${jflag[@]}" "${FLAGS[@]}" "${p[@]}"
		fi
	) >"$stem.out" 2>"$stem.err" </dev/null || rc=$?
	echo "$rc" >"$stem.exit"
	awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN {printf "%.1f\n", b - a}' >"$stem.time"
	# /usr/bin/time reports "Command exited with non-zero status N" in its -o
	# file; keep only the number (KiB).
	[[ ! -f $stem.rss ]] || { grep -Eo '^[0-9]+$' "$stem.rss" | tail -1 >"$stem.rss.tmp" || true; mv "$stem.rss.tmp" "$stem.rss"; }
}

# findings_by_cat JSON: "analyzer/category=N,..." (deduplicated by analyzer,
# position and message, as the text output is); total on the first line.
# shellcheck disable=SC2016 # jq programs, not shell expansions
jq_diags='[to_entries[] | .value | to_entries[] | .key as $an | select(.value | type == "array") | .value[]
	| {an: $an, cat: (if (.category // "") == "" then $an else (if (.category | contains("/")) then .category else $an + "/" + .category end) end), posn, message}]
	| unique_by([.an, .posn, .message])'
# shellcheck disable=SC2016
jq_errs='[to_entries[] | .key as $pkg | .value | to_entries[] | select(.value | type == "object") | "\($pkg): \(.key): \(.value.error)"] | .[]'

# classify DIR I: writes results row fields; sets STATUS.
summarize() {
	local dir=$1 i=$2 ej et tj tt rj rt npk nf cats txtn status notes=() stem x
	stem=$dir/${SAN[i]}
	ej=$(cat "$stem.json.exit") et=$(cat "$stem.text.exit")
	tj=$(cat "$stem.json.time") tt=$(cat "$stem.text.time")
	rj=$(cat "$stem.json.rss" 2>/dev/null || echo 0) rt=$(cat "$stem.text.rss" 2>/dev/null || echo 0)
	npk=$(awk -F'\t' '$1 != ""' "$MODDIR/packages/${SAN[i]}.tsv" | wc -l)
	# The final artefacts: <san>.json (stdout of -json) and <san>.txt
	# (the text run: its findings on stdout, then its errors on stderr).
	mv "$stem.json.out" "$stem.json"
	cat "$stem.text.out" "$stem.text.err" >"$stem.txt"
	rm -f "$stem.text.out" "$stem.text.err"
	if [[ -s $stem.json ]] && jq -e . "$stem.json" >/dev/null 2>&1; then
		nf=$(jq "$jq_diags | length" "$stem.json")
		cats=$(jq -r "$jq_diags | group_by(.cat) | map(\"\(.[0].cat)=\(length)\") | join(\",\")" "$stem.json")
		jq -r "$jq_errs" "$stem.json" >"$stem.analyzer-errors"
	else
		nf=NA cats= ; : >"$stem.analyzer-errors"
		[[ ! -s $stem.json ]] || notes+=("invalid JSON")
	fi
	txtn=$(grep -Ec '^[^[:space:]]+:[0-9]+:[0-9]+: ' "$stem.txt" || true)
	status=ok
	# timeout(1) exits 124, or 137 when the process ignored SIGTERM; a 137
	# before the time limit is the kernel's OOM killer.
	local tmo=0
	for x in "$ej:$tj" "$et:$tt"; do
		[[ ${x%%:*} == 124 ]] || { [[ ${x%%:*} == 137 ]] && awk -v t="${x#*:}" -v l="$TIMEOUT" 'BEGIN {exit !(t >= l)}'; } && tmo=1
	done
	if grep -Eq "$CRASH_RE" "$stem.json.err" "$stem.txt" ||
		((!tmo && (ej == 2 || et == 2 || ej > 128 || et > 128))); then
		status=CRASH
	elif ((tmo)); then
		status=TIMEOUT
	elif [[ -s $stem.json.err ]] || ((ej != 0)); then
		status=LOAD-ERROR
	elif grep -vq 'analysis skipped due to errors in package' "$stem.analyzer-errors"; then
		status=ANALYZER-ERROR
	elif [[ -s $stem.analyzer-errors ]]; then
		status=LOAD-ERROR
	elif ((et != 0 && et != 3)); then
		status=TEXT-EXIT-$et
	fi
	# Everything in these small files is in the summary row.
	rm -f "$stem".{json,text}.{exit,time,rss}
	[[ -s $stem.analyzer-errors ]] || rm -f "$stem.analyzer-errors"
	[[ -s $stem.json.err ]] || rm -f "$stem.json.err"
	[[ $nf == NA || $nf == "$txtn" ]] || notes+=("text has $txtn findings")
	((et != 3 || txtn > 0)) || notes+=("text exit 3 without findings")
	((et != 0 || txtn == 0)) || notes+=("text exit 0 with findings")
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' \
		"${MODS[i]}" "${VERS[i]}" "${PATS[i]}" "$npk" "$ej" "$et" "$tj" "$tt" \
		"$(((rj > rt ? rj : rt) / 1024))" "$nf" "${cats:--}" "$status" "$(IFS=';'; echo "${notes[*]:-}")"
}

HDR=$'module\tversion\tpatterns\tpackages\texit_json\texit_text\tsecs_json\tsecs_text\tmaxrss_mb\tfindings\tby_category\tstatus\tnotes'

# run_all DIR SUMMARY
run_all() {
	local dir=$1 sum=$2 n=0 i row m f out
	rm -rf "$dir"
	mkdir -p "$dir"
	echo "$HDR" >"$sum"
	for i in "${SEL[@]}"; do
		n=$((n + 1))
		log "[$n/${#SEL[@]}] ${MODS[i]}@${VERS[i]} (${PATS[i]})"
		run_one "$dir" "$i" json
		run_one "$dir" "$i" text
		row=$(summarize "$dir" "$i")
		echo "$row" >>"$sum"
		log "    $(cut -f12 <<<"$row"): $(cut -f10 <<<"$row") findings, json exit $(cut -f5 <<<"$row") in $(cut -f7 <<<"$row") s, text exit $(cut -f6 <<<"$row") in $(cut -f8 <<<"$row") s"
		if [[ $(cut -f12 <<<"$row") == CRASH ]]; then
			mkdir -p "$OUTDIR/crashes"
			for m in json.err:json-run txt:text-run; do
				f=$dir/${SAN[i]}.${m%%:*} out=$OUTDIR/crashes/${SAN[i]}.${m#*:}.txt
				[[ -s $f ]] || continue
				if grep -Eq "$CRASH_RE" "$f"; then
					grep -Em1 -A39 "$CRASH_RE" "$f" >"$out" || true
				else
					tail -40 "$f" >"$out"
				fi
			done
		fi
	done
}

T0=$(date +%s)
rm -rf "$OUTDIR/crashes" "$OUTDIR/results-run2" "$OUTDIR/summary-run2.tsv"
run_all "$OUTDIR/results" "$OUTDIR/summary.tsv"
RC=0
if ((TWICE)); then
	log "second run (--twice)"
	run_all "$OUTDIR/results-run2" "$OUTDIR/summary-run2.tsv"
fi
ELAPSED=$(($(date +%s) - T0))
echo "runs: ${ELAPSED} s" >>"$OUTDIR/meta.txt"

# --- report ---------------------------------------------------------------
echo
cut -f1,2,4,5,6,7,8,9,10,12,11 "$OUTDIR/summary.tsv" |
	awk -F'\t' 'BEGIN {OFS="\t"} {print $1, $2, $3, $4 "/" $5, $6 "+" $7, $8, $9, $11, $10}' |
	sed '1s/.*/module\tversion\tpkgs\texit(json\/text)\tsecs(json+text)\tmaxrss_mb\tfindings\tstatus\tby_category/' |
	column -t -s $'\t'
echo
tot=$(awk -F'\t' 'NR > 1 && $10 ~ /^[0-9]+$/ {s += $10} END {print s + 0}' "$OUTDIR/summary.tsv")
echo "total findings: $tot in ${#SEL[@]} modules; analysis wall time ${ELAPSED} s; output in $OUTDIR"

list_status() { awk -F'\t' -v s="$1" 'FNR > 1 && $12 == s {print "  " $1 "@" $2}' "$OUTDIR"/summary*.tsv | sort -u; }
crashes=$(list_status CRASH; list_status ANALYZER-ERROR)
loaderr=$(list_status LOAD-ERROR)
timeouts=$(list_status TIMEOUT)
if [[ -n $crashes ]]; then
	echo "HTTPLINT CRASHED (panic / fatal error / internal error / analyzer error) on:" >&2
	echo "$crashes" >&2
	echo "first lines of each trace: $OUTDIR/crashes/" >&2
	RC=2
fi
if [[ -n $loaderr ]]; then
	echo "PACKAGES FAILED TO LOAD (corpus setup problem) for:" >&2
	echo "$loaderr" >&2
	((RC)) || RC=3
fi
if [[ -n $timeouts ]]; then
	echo "TIMED OUT (--timeout $TIMEOUT) on:" >&2
	echo "$timeouts" >&2
	((RC)) || RC=5
fi
if ((TWICE)); then
	ndiff=0
	for i in "${SEL[@]}"; do
		for ext in txt json; do
			if ! cmp -s "$OUTDIR/results/${SAN[i]}.$ext" "$OUTDIR/results-run2/${SAN[i]}.$ext"; then
				ndiff=$((ndiff + 1))
				echo "NONDETERMINISTIC: ${MODS[i]} ($ext differs between the two runs):" >&2
				diff "$OUTDIR/results/${SAN[i]}.$ext" "$OUTDIR/results-run2/${SAN[i]}.$ext" | head -20 >&2 || true
			fi
		done
	done
	if ((ndiff)); then
		((RC)) || RC=4
	else
		echo "determinism: both runs produced identical text and JSON output for all ${#SEL[@]} modules"
	fi
fi
exit $RC
