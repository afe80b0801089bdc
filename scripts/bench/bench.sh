#!/usr/bin/env bash
# Benchmarks httplint against the cost floor and its peers, in one run on
# one machine, and prints ratios (never compare numbers from different
# runs: machines here are shared and noisy).
#
#   floor        scripts/bench/noop: a go/analysis driver whose one analyzer
#                does nothing (loading and type-checking only)
#   httplint     ./cmd/httplint, standalone
#   staticcheck  honnef.co/go/tools/cmd/staticcheck v0.8.2 (module proxy)
#   go vet       plain `go vet` (its default analyzers) vs
#                `go vet -vettool=httplint`
#
# Targets (issue 13, docs/evaluation.md): httplint std at most 0.25x the
# floor's wall time and peak memory; real code (the corpus, the large
# module set) within 1.3x of the floor; peak memory no higher than
# staticcheck's; under go vet at most 0.5x plain go vet. Plus a scaling
# check on generated packages (scripts/bench/gen) of growing size, and on
# hostile shapes (deep closure nesting, long helper chains, long
# functions, many clients, many loops, many packages) whose cost must
# grow linearly.
#
# Cold start (issue 25): every tool again with an empty build cache
# (a fresh GOCACHE per run, and empty staticcheck and golangci-lint
# caches), as on a new CI runner or clone, on net/http/..., the large
# module set and each --cold-module; target: httplint at most 0.2x go
# vet's wall time, with peak memory at most 1.5x go vet's (the largest
# process of its tree, as /usr/bin/time reports).
#
# Usage: scripts/bench/bench.sh [-o OUTDIR] [-r RUNS] [--corpus MODDIR]
#                               [--vet PATTERN] [--sizes "1000 2000 4000 8000"]
#                               [--shapes "long:1000,2000,4000 ..."]
#                               [--large DIR] [--skip-std] [--skip-scaling]
#                               [--cold-module MOD@VER]... [--cold-runs N]
#                               [--cold-tools LIST] [--skip-cold] [--skip-warm]
#
#   -r RUNS      runs per measurement; the minimum wall time and the
#                maximum peak memory are kept (default 3)
#   --corpus DIR the scratch module made by scripts/corpus/run.sh
#                (OUTDIR/mod); its analysed patterns are benchmarked too
#   --vet PAT    package pattern for the go vet comparison (default std; "" skips it;
#                with --corpus, go vet on the corpus is compared too)
#   --large DIR  benchmark a large module set in DIR (made there if
#                missing: k8s.io/client-go, apiserver, apimachinery and api
#                v0.37.2 as the modules of a go.work workspace, 804 named
#                packages, about 1,600 with their dependencies; the first
#                run compiles them, which takes minutes): the floor,
#                httplint, staticcheck, and golangci-lint v2.15.0 with only
#                the httplint plugins (tools/customgcl, built once)
#   --cold-module MOD@VER  a module (from the module proxy, copied writable
#                to OUTDIR/modules) to benchmark ./... of with an empty
#                build cache; repeatable
#   --cold-runs N  runs per cold-cache measurement (default 1: each
#                compiles everything for the tools that compile)
#   --cold-tools LIST  the tools of the cold-cache rows (default "floor
#                httplint go-vet staticcheck golangci-lint")
#   --skip-cold  no cold-cache rows; --skip-warm only the cold-cache rows
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
out=""
runs=3
corpus=""
vetpat="std"
sizes="1000 2000 4000 8000"
shapes="nesting:50,100,200,400 chain:1000,2000,4000,8000 long:2000,4000,8000,16000 clients:1000,2000,4000,8000 loops:500,1000,2000,4000 packages:25,50,100,200"
large=""
skip_std=0
skip_scaling=0
skip_cold=0
skip_warm=0
cold_runs=1
cold_modules=()
cold_tools="floor httplint go-vet staticcheck golangci-lint"
while [ $# -gt 0 ]; do
	case "$1" in
	-o) out=$2; shift 2 ;;
	-r) runs=$2; shift 2 ;;
	--corpus) corpus=$(cd "$2" && pwd); shift 2 ;;
	--vet) vetpat=$2; shift 2 ;;
	--large) mkdir -p "$2" && large=$(cd "$2" && pwd); shift 2 ;;
	--sizes) sizes=$2; shift 2 ;;
	--shapes) shapes=$2; shift 2 ;;
	--skip-std) skip_std=1; shift ;;
	--skip-scaling) skip_scaling=1; shift ;;
	--skip-cold) skip_cold=1; shift ;;
	--skip-warm) skip_warm=1; skip_std=1; skip_scaling=1; vetpat=""; shift ;;
	--cold-module) cold_modules+=("$2"); shift 2 ;;
	--cold-runs) cold_runs=$2; shift 2 ;;
	--cold-tools) cold_tools=$2; shift 2 ;;
	-h|--help) sed -n '2,49p' "$0"; exit 0 ;;
	*) echo "unknown argument $1" >&2; exit 2 ;;
	esac
done
[ -n "$out" ] || out=$(mktemp -d /tmp/httplint-bench.XXXXXX)
mkdir -p "$out/bin"
out=$(cd "$out" && pwd)
echo "output in $out"
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (Debian package time)" >&2; exit 1; }

export GOFLAGS=-buildvcs=false
(cd "$repo" && go build -o "$out/bin/httplint" ./cmd/httplint &&
	go build -o "$out/bin/noop" ./scripts/bench/noop &&
	go build -o "$out/bin/gen" ./scripts/bench/gen)
if [ ! -x "$out/bin/staticcheck" ]; then
	GOBIN="$out/bin" GOTOOLCHAIN=local go install honnef.co/go/tools/cmd/staticcheck@v0.8.2
fi

# cold_wrapper TOOL CACHEVAR: write $out/bin/TOOL-cold, which runs
# $out/bin/TOOL with the cache directory named by CACHEVAR empty every
# time, as a first run on new code would (staticcheck and golangci-lint
# cache their results).
cold_wrapper() {
	cat > "$out/bin/$1-cold" <<EOS
#!/usr/bin/env bash
dir=\$(mktemp -d "$out/$1-cache.XXXXXX")
$2=\$dir "$out/bin/$1" "\$@"
code=\$?
rm -rf "\$dir"
exit \$code
EOS
	chmod +x "$out/bin/$1-cold"
}
cold_wrapper staticcheck STATICCHECK_CACHE

results="$out/results.tsv"
printf 'target\ttool\tseconds\tpeak_kb\texit\n' > "$results"

# measure TARGET TOOL DIR CMD...: run CMD in DIR $runs times; record the
# minimum wall time and the maximum peak RSS.
measure() {
	local target=$1 tool=$2 dir=$3
	shift 3
	local best="" peak=0 code=0 i
	for ((i = 0; i < runs; i++)); do
		set +e
		(cd "$dir" && /usr/bin/time -f '%e %M' -o "$out/time.txt" "$@" >"$out/last.out" 2>"$out/last.err")
		code=$?
		set -e
		read -r secs kb < <(tail -n 1 "$out/time.txt")
		if [ -z "$best" ] || awk "BEGIN{exit !($secs < $best)}"; then best=$secs; fi
		[ "$kb" -gt "$peak" ] && peak=$kb
		if grep -q -e '^panic:' -e 'goroutine [0-9]* \[running\]' "$out/last.err"; then
			echo "PANIC in $tool on $target:" >&2
			head -n 40 "$out/last.err" >&2
			exit 1
		fi
	done
	printf '%s\t%s\t%s\t%s\t%s\n' "$target" "$tool" "$best" "$peak" "$code" >> "$results"
	printf '  %-12s %8.2f s %8d MB  exit %s\n' "$tool" "$best" $((peak / 1024)) "$code"
}

# ratios TARGET: print each tool's wall time and memory relative to the
# floor, and staticcheck relative to httplint.
ratios() {
	awk -F'\t' -v t="$1" '
		$1 == t { s[$2] = $3; m[$2] = $4 }
		END {
			if ("floor" in s) {
				for (k in s) if (k != "floor")
					printf "  %-12s %5.2fx floor wall, %5.2fx floor memory\n", k, s[k] / s["floor"], m[k] / m["floor"]
			}
			if ("staticcheck" in s && "httplint" in s)
				printf "  staticcheck / httplint wall: %.1fx\n", s["staticcheck"] / s["httplint"]
			if ("go-vet" in s && "go-vet-httplint" in s)
				printf "  go vet -vettool=httplint / go vet: %.2fx wall\n", s["go-vet-httplint"] / s["go-vet"]
		}' "$results"
}

go version
echo "runs per measurement: $runs; machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"

if [ "$skip_std" = 0 ]; then
	echo
	echo "== std (all standard-library packages, tests included)"
	measure std floor "$out" "$out/bin/noop" std
	measure std httplint "$out" "$out/bin/httplint" std
	measure std staticcheck "$out" "$out/bin/staticcheck-cold" std
	ratios std
fi

if [ -n "$corpus" ]; then
	echo
	echo "== corpus ($corpus)"
	pats=$(cat "$corpus"/packages/*.tsv 2>/dev/null | cut -f1 | sort -u | tr '\n' ' ')
	if [ -z "$pats" ]; then
		echo "no patterns found under $corpus/packages" >&2
	else
		export GOFLAGS="-buildvcs=false -mod=readonly"
		measure corpus floor "$corpus" "$out/bin/noop" -test=false $pats
		measure corpus httplint "$corpus" "$out/bin/httplint" -test=false $pats
		measure corpus staticcheck "$corpus" "$out/bin/staticcheck-cold" -tests=false $pats
		export GOFLAGS=-buildvcs=false
		ratios corpus
	fi
fi

# setup_large: make the large module set in $large (once), its
# golangci-lint configuration and the golangci-lint binary with the
# httplint plugins; sets large_pats.
setup_large() {
	k8s="client-go apiserver apimachinery api"
	if [ ! -f "$large/go.work" ]; then
		# The modules' own sources, writable, as the workspace's modules:
		# golangci-lint analyses directories of the main modules only.
		for m in $k8s; do
			dir=$(cd "$large" && GOWORK=off GOFLAGS= go mod download -json "k8s.io/$m@v0.37.2" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
			rm -rf "${large:?}/$m"
			cp -r "$dir" "$large/$m"
			chmod -R u+w "$large/$m"
		done
		(cd "$large" && go work init && for m in $k8s; do go work use "./$m"; done)
	fi
	gcl_config "$large"
	large_pats=""
	for m in $k8s; do large_pats="$large_pats ./$m/..."; done
}

# gcl_config DIR: a golangci-lint configuration in DIR that runs only the
# httplint plugins, and the golangci-lint binary with them (built once).
gcl_config() {
	cat > "$1/.golangci.yml" <<EOS
version: "2"
linters:
  default: none
  enable: [acquiretimeout, poolsize, retrypolicy, headersize]
  settings:
    custom:
      acquiretimeout: {type: module}
      poolsize: {type: module}
      retrypolicy: {type: module}
      headersize: {type: module}
issues:
  max-issues-per-linter: 0
  max-same-issues: 0
EOS
	if [ ! -x "$out/bin/custom-gcl" ]; then
		(cd "$repo/tools/customgcl" && go build -o "$out/bin/custom-gcl" .)
	fi
	[ -x "$out/bin/custom-gcl-cold" ] || cold_wrapper custom-gcl GOLANGCI_LINT_CACHE
}

if [ -n "$large" ] && [ "$skip_warm" = 0 ]; then
	echo
	echo "== large module set ($large)"
	setup_large
	pats=$large_pats
	echo "  packages: $(cd "$large" && go list $pats | wc -l) named, $(cd "$large" && go list -deps $pats | wc -l) with their dependencies"
	# Compile the dependencies once, so that no tool pays for it.
	(cd "$large" && "$out/bin/noop" -test=false $pats >/dev/null 2>&1 || true)
	measure large floor "$large" "$out/bin/noop" -test=false $pats
	measure large httplint "$large" "$out/bin/httplint" -test=false $pats
	measure large staticcheck "$large" "$out/bin/staticcheck-cold" -tests=false $pats
	measure large golangci-lint "$large" "$out/bin/custom-gcl-cold" run --tests=false $pats
	ratios large
fi

# vet_compare TARGET DIR PATTERN...: plain go vet against
# go vet -vettool=httplint on PATTERNs in DIR, with compiled artifacts
# cached (a warm-up run of each) but not vet results: a flag value that
# changes every run, but not the findings, defeats go vet's result cache.
vet_compare() {
	local target=$1 dir=$2
	shift 2
	(cd "$dir" && go vet "$@" >/dev/null 2>&1 || true)
	(cd "$dir" && go vet -vettool="$out/bin/httplint" "$@" >/dev/null 2>&1 || true)
	export VETPATS="$*"
	# shellcheck disable=SC2016 # expanded by the inner shell, per run
	measure "$target" go-vet "$dir" bash -c 'go vet -printf.funcs="benchNoSuchFunc$RANDOM$RANDOM" $VETPATS'
	# shellcheck disable=SC2016
	measure "$target" go-vet-httplint "$dir" bash -c 'go vet -vettool="$out/bin/httplint" -acquiretimeout.allow-pkgs="bench.invalid/x$RANDOM$RANDOM" $VETPATS'
	ratios "$target"
}
export out

if [ -n "$vetpat" ]; then
	echo
	echo "== go vet on $vetpat (compiled artifacts cached; vet results not)"
	vet_compare vet "$repo" "$vetpat"
fi
if [ -n "$corpus" ] && ls "$corpus"/packages/*.tsv >/dev/null 2>&1; then
	echo
	echo "== go vet on the corpus (compiled artifacts cached; vet results not)"
	pats=$(cat "$corpus"/packages/*.tsv | cut -f1 | sort -u | tr '\n' ' ')
	export GOFLAGS="-buildvcs=false -mod=readonly"
	# shellcheck disable=SC2086 # the patterns are words
	vet_compare vet-corpus "$corpus" $pats
	export GOFLAGS=-buildvcs=false
fi

# Cold start: each tool with an empty build cache (a fresh GOCACHE per
# run, see $out/bin/cold), and empty result caches for staticcheck and
# golangci-lint; the module cache stays, so downloads are not counted.
cat > "$out/bin/cold" <<EOS
#!/usr/bin/env bash
dir=\$(mktemp -d "$out/gocache.XXXXXX")
GOCACHE=\$dir/go STATICCHECK_CACHE=\$dir/staticcheck GOLANGCI_LINT_CACHE=\$dir/golangci-lint "\$@"
code=\$?
rm -rf "\$dir"
exit \$code
EOS
chmod +x "$out/bin/cold"

# cold_ratios TARGET: each tool's cold wall time and peak memory relative
# to go vet's.
cold_ratios() {
	awk -F'\t' -v t="$1" '
		$1 == t { s[$2] = $3; m[$2] = $4 }
		END {
			if ("go-vet" in s)
				for (k in s) if (k != "go-vet")
					printf "  %-13s %5.2fx go vet wall, %5.2fx go vet memory\n", k, s[k] / s["go-vet"], m[k] / m["go-vet"]
		}' "$results"
}

# cold_compare TARGET DIR GCL PATTERN...: the floor, httplint, go vet,
# staticcheck and (GCL=1) golangci-lint with the plugins on PATTERNs in
# DIR and their tests, each with an empty build cache.
cold_compare() {
	local target=$1 dir=$2 gcl=$3
	shift 3
	local saved=$runs
	runs=$cold_runs
	echo "  packages: $(cd "$dir" && go list "$@" | wc -l) named, $(cd "$dir" && go list -deps "$@" | wc -l) with their dependencies"
	# Tests included, as go vet always does.
	local tool
	for tool in $cold_tools; do
		case $tool in
		floor) measure "$target" floor "$dir" "$out/bin/cold" "$out/bin/noop" -test=true "$@" ;;
		httplint) measure "$target" httplint "$dir" "$out/bin/cold" "$out/bin/httplint" -test=true "$@" ;;
		go-vet) measure "$target" go-vet "$dir" "$out/bin/cold" go vet "$@" ;;
		staticcheck) measure "$target" staticcheck "$dir" "$out/bin/cold" "$out/bin/staticcheck" -tests=true "$@" ;;
		golangci-lint)
			if [ "$gcl" = 1 ]; then
				gcl_config "$dir"
				measure "$target" golangci-lint "$dir" "$out/bin/cold" "$out/bin/custom-gcl" run --tests=true "$@"
			fi ;;
		*) echo "unknown cold-cache tool $tool" >&2; exit 2 ;;
		esac
	done
	runs=$saved
	cold_ratios "$target"
}

if [ "$skip_cold" = 0 ]; then
	echo
	echo "== cold start: net/http/... (empty build cache per run)"
	# golangci-lint analyses the main module's directories only.
	cold_compare cold-nethttp "$out" 0 net/http/...
	if [ -n "$large" ]; then
		echo
		echo "== cold start: large module set ($large)"
		setup_large
		# shellcheck disable=SC2086 # the patterns are words
		cold_compare cold-large "$large" 1 $large_pats
	fi
	for mv in "${cold_modules[@]}"; do
		dir="$out/modules/${mv//\//_}"
		if [ ! -f "$dir/go.mod" ]; then
			src=$(GOFLAGS= go mod download -json "$mv" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
			mkdir -p "$out/modules"
			cp -r "$src" "$dir"
			chmod -R u+w "$dir"
			(cd "$dir" && go mod download)
		fi
		echo
		echo "== cold start: $mv ./..."
		cold_compare "cold-${mv//\//_}" "$dir" 1 ./...
	done
fi

if [ "$skip_scaling" = 0 ]; then
	echo
	echo "== scaling: generated packages (each function builds a client, retries, builds a query)"
	for size in $sizes; do
		dir="$out/scale$size"
		[ -d "$dir" ] || "$out/bin/gen" -n "$size" -o "$dir"
		echo " n=$size"
		measure "scale$size" floor "$dir" "$out/bin/noop" ./...
		measure "scale$size" httplint "$dir" "$out/bin/httplint" ./...
	done
	echo
	echo "  functions  floor (s)  httplint (s)  httplint/floor  httplint per 1000 functions (s)"
	echo "  (the floor compiles the packages it loads unless the build cache has them from an earlier run;"
	echo "  httplint type-checks them only)"
	awk -F'\t' '
		$1 ~ /^scale[0-9]/ { n = substr($1, 6); s[n, $2] = $3; sizes[n] = 1 }
		END {
			for (n in sizes)
				printf "  %9d  %9.2f  %12.2f  %14.2f  %31.3f\n", n, s[n, "floor"], s[n, "httplint"], s[n, "httplint"] / s[n, "floor"], s[n, "httplint"] / n * 1000
		}' "$results" | sort -n

	# Hostile shapes (scripts/bench/gen -shape): each size doubles the
	# last; httplint's cost must grow linearly. The floor is left out:
	# go list compiles the packages it loads, and the compiler's cost on
	# deep closure nesting is exponential (httplint type-checks the
	# packages it analyses without compiling them).
	echo
	echo "== scaling: hostile shapes (httplint only; each size doubles the last)"
	for spec in $shapes; do
		shape=${spec%%:*}
		for size in $(echo "${spec#*:}" | tr , ' '); do
			dir="$out/shape-$shape-$size"
			[ -d "$dir" ] || "$out/bin/gen" -shape "$shape" -n "$size" -o "$dir"
			echo " $shape n=$size"
			measure "shape-$shape-$size" httplint "$dir" "$out/bin/httplint" ./...
		done
	done
	echo
	echo "  shape      growth of the increment in time and memory per doubling of n (2 is linear, 4 quadratic)"
	awk -F'\t' '
		$1 ~ /^shape-/ && $2 == "httplint" {
			split($1, p, "-"); sh = p[2]; n = p[3]
			k = ++count[sh]; size[sh, k] = n; secs[sh, k] = $3; kb[sh, k] = $4
		}
		END {
			for (sh in count) {
				line = ""
				for (k = 3; k <= count[sh]; k++) {
					# increment over the previous increment: 2 when
					# the cost is linear, 4 when quadratic
					it = secs[sh, k-1] - secs[sh, k-2]; if (it < 0.05) it = 0.05
					im = kb[sh, k-1] - kb[sh, k-2]; if (im < 1024) im = 1024
					dt = (secs[sh, k] - secs[sh, k-1]) / it
					dm = (kb[sh, k] - kb[sh, k-1]) / im
					line = line sprintf("  n=%d: time x%.1f, memory x%.1f", size[sh, k], dt, dm)
				}
				printf "  %-9s %s\n", sh, line
			}
		}' "$results" | sort
	# Memory per package: what each package of the packages shape adds
	# to the peak (0 would be flat: only the packages in flight count).
	echo
	echo "  packages   peak memory added per package (MB), from the previous size"
	awk -F'\t' '
		$1 ~ /^shape-packages-/ && $2 == "httplint" { split($1, p, "-"); k = ++count; n[k] = p[3]; kb[k] = $4 }
		END {
			line = ""
			for (k = 2; k <= count; k++)
				line = line sprintf("  n=%d: %.2f", n[k], (kb[k] - kb[k-1]) / 1024 / (n[k] - n[k-1]))
			if (line != "") printf "  %-9s %s\n", "packages", line
		}' "$results"
fi

echo
echo "results: $results"
