#!/usr/bin/env bash
# Builds the libFuzzer targets of fuzz/ with clang 14 and -fsanitize=fuzzer,address,undefined and
# runs each for a bounded time (as many side by side as there are cores), starting from its
# checked-in seed corpus. Prints, per target, the executions, coverage, corpus size and peak RSS,
# and any crash; exits 1 if a target crashed (a sanitizer report, a broken FUZZ_CHECK, an
# out-of-memory, a timeout or a leak) or if a previously found crasher in
# fuzz/regressions/<target>/ still crashes (those in open/, bugs reported but not fixed yet, are
# run and reported, not counted).
#
# Usage: tools/fuzz.sh [--smoke] [--time=SECONDS] [--merge] [TARGET...]
#   --smoke          10 s per target (what CI runs)
#   --time=SECONDS   seconds per target (default: $FUZZ_TIME, else 60)
#   --merge          afterwards, add the fewest new inputs that cover the new edges to
#                    fuzz/corpus/<target>/ (libFuzzer -set_cover_merge=1); then run
#                    `bazel test //fuzz/...`, review and check them in
#   TARGET...        a subset of: notation_fuzzer judge_fuzzer table_file_fuzzer
#                    request_parser_fuzzer (each covers every puzzle of the registry)
# Environment:
#   FUZZ_TIME            seconds per target when neither flag is given
#   FUZZ_OUT             work folder (default /tmp/puzzle-oracle-fuzz): the inputs found
#                        (corpus/<target>/), crashers (artifacts/<target>/), logs (logs/)
#   FUZZ_OUTPUT_BASE     Bazel output base of the clang build (default ~/.cache/bazel_fuzz_clang)
#   CLANG                the compiler (default clang-14, else clang)
#   BAZEL                the Bazel command (default bazel)
#   BAZEL_STARTUP_OPTS   startup options of the normal (gcc) build, e.g. "--output_base=/x"
#   BAZEL_BUILD_OPTS     build options for both builds, e.g. "--symlink_prefix=/"
#   FUZZ_TABLES_DIR      set by this script for judge_fuzzer: the gcc build's bazel-bin/data
#
# How it builds: with Bazel, twice.
#   1. The normal build (gcc, the project's usual output base) makes the tables judge_fuzzer
#      answers from (//data:tables, every puzzle's required tables), in bazel-bin/data, which
#      becomes $FUZZ_TABLES_DIR.
#   2. A second build in its own output base ($FUZZ_OUTPUT_BASE, so the two never invalidate
#      each other's cache) with --repo_env=CC=clang: Bazel's autodetected C++ toolchain is then
#      clang's, and every target in the dependency graph of //fuzz:<target>_libfuzzer (our
#      code and the generated protobuf code) is compiled with -fsanitize=fuzzer-no-link,
#      address,undefined and linked with -fsanitize=fuzzer,address,undefined. Debian's shared
#      libraries (Abseil, gRPC, protobuf, zstd) are not instrumented, which is enough: every
#      byte the targets parse is parsed by our code. Clang warnings are not errors here (gcc's
#      -Werror build is the gate); this script must not fail on another compiler's opinion.
#   The .bazelrc is not touched: the fuzz flags live below, in CLANG_FLAGS.
#
# Reproduce a crash: $(bazel --output_base=$FUZZ_OUTPUT_BASE info bazel-bin)/fuzz/<target>_libfuzzer
#   FILE, as printed at the end, or without clang: bazel run //fuzz:<target> -- /abs/path/FILE.
set -euo pipefail
cd "$(dirname "$0")/.."

ALL_TARGETS=(notation_fuzzer judge_fuzzer table_file_fuzzer request_parser_fuzzer)
declare -A DICT=(
  [notation_fuzzer]=notation.dict
  [judge_fuzzer]=judge.dict
  [table_file_fuzzer]=table_file.dict
  [request_parser_fuzzer]=request_parser.dict
)

seconds=${FUZZ_TIME:-60}
merge=0
targets=()
for arg in "$@"; do
  case "$arg" in
    --smoke) seconds=10 ;;
    --time=*) seconds=${arg#--time=} ;;
    --merge) merge=1 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "fuzz.sh: unknown flag $arg (see --help)" >&2; exit 2 ;;
    *)
      if [[ -z "${DICT[$arg]:-}" ]]; then
        echo "fuzz.sh: unknown target $arg; targets: ${ALL_TARGETS[*]}" >&2; exit 2
      fi
      targets+=("$arg") ;;
  esac
done
[[ ${#targets[@]} -gt 0 ]] || targets=("${ALL_TARGETS[@]}")
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [[ "$seconds" -lt 1 ]]; then
  echo "fuzz.sh: --time needs a positive number of seconds" >&2; exit 2
fi

log() { printf 'fuzz.sh: %s\n' "$*" >&2; }

bash tools/bootstrap.sh

CLANG=${CLANG:-$(command -v clang-14 || command -v clang || true)}
[[ -n "$CLANG" ]] || { log "no clang (tools/bootstrap.sh installs it)"; exit 1; }
OUT=${FUZZ_OUT:-/tmp/puzzle-oracle-fuzz}
FUZZ_OUTPUT_BASE=${FUZZ_OUTPUT_BASE:-$HOME/.cache/bazel_fuzz_clang}
mkdir -p "$OUT"/{logs,corpus,artifacts}

read -r -a bazel_startup <<< "${BAZEL_STARTUP_OPTS:-}"
read -r -a bazel_build <<< "${BAZEL_BUILD_OPTS:-}"
BAZEL=${BAZEL:-bazel}

# --- 1. the tables, with the normal toolchain -----------------------------------------------
log "bazel build //data:tables"
if ! "$BAZEL" "${bazel_startup[@]}" build "${bazel_build[@]}" //data:tables \
    > "$OUT/logs/tables.log" 2>&1; then
  tail -20 "$OUT/logs/tables.log" >&2
  log "the tables did not build; full log: $OUT/logs/tables.log"
  exit 1
fi
FUZZ_TABLES_DIR="$("$BAZEL" "${bazel_startup[@]}" info "${bazel_build[@]}" bazel-bin 2>/dev/null)/data"
export FUZZ_TABLES_DIR
compgen -G "$FUZZ_TABLES_DIR/*.tbl" > /dev/null || { log "no tables in $FUZZ_TABLES_DIR"; exit 1; }

# --- 2. the fuzz targets, with clang --------------------------------------------------------
# shellcheck disable=SC2054  # the commas are inside -fsanitize= lists
CLANG_FLAGS=(
  --repo_env=CC="$CLANG"
  --copt=-fsanitize=fuzzer-no-link
  --copt=-fsanitize=address,undefined
  --copt=-fno-sanitize-recover=all
  --copt=-fno-omit-frame-pointer
  --copt=-O1
  # Line tables only: enough for the sanitizers' stack traces, and a faster compile than -g.
  --copt=-gline-tables-only
  --per_file_copt=.*@-Wno-error
  --linkopt=-fsanitize=fuzzer,address,undefined
  # Bazel links through the C driver; UBSan's C++ checks (vptr) need their C++ runtime too.
  --linkopt=-fsanitize-link-c++-runtime
)
labels=()
for target in "${targets[@]}"; do labels+=("//fuzz:${target}_libfuzzer"); done
log "bazel build (clang, output base $FUZZ_OUTPUT_BASE) ${labels[*]}"
if ! "$BAZEL" --output_base="$FUZZ_OUTPUT_BASE" build "${bazel_build[@]}" "${CLANG_FLAGS[@]}" \
    "${labels[@]}" > "$OUT/logs/build.log" 2>&1; then
  grep -E 'error|ERROR' "$OUT/logs/build.log" | head -20 >&2
  log "the clang build failed; full log: $OUT/logs/build.log"
  exit 1
fi
BIN="$("$BAZEL" --output_base="$FUZZ_OUTPUT_BASE" info "${bazel_build[@]}" "${CLANG_FLAGS[@]}" \
  bazel-bin 2>/dev/null)/fuzz"
COMPILER="$("$CLANG" --version | head -1)"
log "built ${targets[*]} with $COMPILER"

# --- run ------------------------------------------------------------------------------------
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=0:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# One target: its past crashers, then fuzzing, then (with --merge) the merge. Writes its summary
# line to $OUT/logs/<target>.summary and its verdict to $OUT/logs/<target>.verdict.
fuzz_target() {
  local target=$1
  local bin work artifacts logfile verdict code crash runs speed rss last cov ft corp before after
  local -a fixed open
  bin="$BIN/${target}_libfuzzer"
  work="$OUT/corpus/$target"
  artifacts="$OUT/artifacts/$target"
  logfile="$OUT/logs/$target.log"
  mkdir -p "$work" "$artifacts"
  verdict=ok

  # Past crashers first: each must now pass. Those in open/ (bugs reported, not fixed yet) are
  # run with their properties switched on, for the record only.
  mapfile -t fixed < <(find "fuzz/regressions/$target" -maxdepth 1 -type f 2>/dev/null | sort)
  if [[ ${#fixed[@]} -gt 0 ]]; then
    if ! "$bin" -timeout=10 -rss_limit_mb=2048 "${fixed[@]}" \
        > "$OUT/logs/$target.regressions.log" 2>&1; then
      verdict="REGRESSION INPUT FAILS"
      log "$target: an input of fuzz/regressions/$target/ still crashes; see" \
          "$OUT/logs/$target.regressions.log"
      grep -E 'ERROR|FUZZ_CHECK|Running:' "$OUT/logs/$target.regressions.log" | head -5 >&2 || true
    fi
  fi
  mapfile -t open < <(find "fuzz/regressions/$target/open" -type f 2>/dev/null | sort)
  if [[ ${#open[@]} -gt 0 ]]; then
    if FUZZ_CHECK_OPEN=1 "$bin" -timeout=10 -rss_limit_mb=2048 "${open[@]}" \
        > "$OUT/logs/$target.open.log" 2>&1; then
      log "$target: the open inputs of fuzz/regressions/$target/open/ pass now: move them up" \
          "a folder and drop their exemption (regressions/README.md)"
    else
      log "$target: ${#open[@]} known open input(s) still fail, as reported" \
          "(fuzz/regressions/$target/open/)"
    fi
  fi

  log "$target: fuzzing for $seconds s"
  set +e
  "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -dict="fuzz/dicts/${DICT[$target]}" -artifact_prefix="$artifacts/" \
    "$work" "fuzz/corpus/$target" > "$logfile" 2>&1
  code=$?
  set -e
  if [[ $code -ne 0 ]]; then
    crash="CRASH (exit $code)"
    if [[ "$verdict" == ok ]]; then verdict=$crash; else verdict+="; $crash"; fi
    log "$target: libFuzzer exited $code; the end of $logfile:"
    grep -E '^==[0-9]+==ERROR|FUZZ_CHECK|SUMMARY|Test unit written|runtime error' "$logfile" \
      | head -8 >&2 || true
  fi

  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$logfile" | tail -1)
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$logfile" | tail -1)
  rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$logfile" | tail -1)
  last=$(grep -E '^#[0-9]+' "$logfile" | tail -1 || true)
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<< "$last")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<< "$last")
  corp=$(sed -n 's/.* corp: \([0-9]*\/[0-9]*[a-zA-Z]*\).*/\1/p' <<< "$last")
  printf '%-22s %10s %8s %6s %6s %-11s %7s  %s\n' "$target" "${runs:-?}" "${speed:-?}" \
    "${cov:-?}" "${ft:-?}" "${corp:-?}" "${rss:-?}" "$verdict" > "$OUT/logs/$target.summary"
  echo "$verdict" > "$OUT/logs/$target.verdict"

  if [[ $merge -eq 1 && "$verdict" == ok ]]; then
    before=$(find "fuzz/corpus/$target" -type f | wc -l)
    # The smallest set of new inputs that covers the edges the run reached (not every
    # hit-count bucket): the checked-in corpus stays a few dozen small files.
    "$bin" -set_cover_merge=1 -use_counters=0 "fuzz/corpus/$target" "$work" \
      > "$OUT/logs/$target.merge.log" 2>&1
    after=$(find "fuzz/corpus/$target" -type f | wc -l)
    log "$target: merged; fuzz/corpus/$target has $before -> $after files"
  fi
}

# The targets run side by side, as many at a time as there are cores (libFuzzer uses one each):
# on CI's 2 cores the 4 smoke runs take 20 s instead of 40 s.
jobs_at_once=$(nproc)
running=0
for target in "${targets[@]}"; do
  rm -f "$OUT/logs/$target.summary" "$OUT/logs/$target.verdict"
  fuzz_target "$target" &
  running=$((running + 1))
  if [[ $running -ge $jobs_at_once ]]; then
    wait -n || true
    running=$((running - 1))
  fi
done
wait || true
failed=0
summary=()
for target in "${targets[@]}"; do
  if [[ -s "$OUT/logs/$target.summary" ]]; then
    summary+=("$(cat "$OUT/logs/$target.summary")")
  else
    summary+=("$(printf '%-22s %s' "$target" "NO RESULT (the run of this target itself failed)")")
  fi
  [[ "$(cat "$OUT/logs/$target.verdict" 2>/dev/null)" == ok ]] || failed=1
done

echo "== libFuzzer, $seconds s per target, $COMPILER," \
  "-fsanitize=fuzzer,address,undefined, $(nproc) cores"
printf '%-22s %10s %8s %6s %6s %-11s %7s  %s\n' target execs exec/s cov ft corpus rss_mb result
for line in "${summary[@]}"; do echo "$line"; done
echo "logs: $OUT/logs/   inputs found: $OUT/corpus/   crashers: $OUT/artifacts/"
echo "binaries: $BIN/<target>_libfuzzer (run one on a crasher to reproduce it)"
# The clang build's Bazel server is ours alone; do not leave it holding memory.
"$BAZEL" --output_base="$FUZZ_OUTPUT_BASE" shutdown 2>/dev/null || true
exit "$failed"
