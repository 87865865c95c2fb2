#!/usr/bin/env bash
# Quick start, command 2: install what is missing and run the whole test suite:
#   0. the C++ files formatted as .clang-format says (tools/format_check.sh)
#   1. bazel test //...                          (-c opt; every unit, end-to-end and load test;
#                                                 the cc_library targets left out of the patterns,
#                                                 built as the tests' dependencies)
#   2. the web playground in headless Chromium   (tools/browser_test.sh)
#   3. bazel test //... under ASan and UBSan     (--config=sanitize: both in one build, its own
#                                                  output tree; tests only, less those tagged
#                                                  "data" and "timing"; RUN_TSAN=1 adds TSan)
#   4. a fuzz smoke pass of every target          (tools/fuzz.sh --smoke; clang, ASan+UBSan)
#   5. the container image: build, run, query     (tools/container_check.sh; needs root)
# Each step runs even when an earlier one failed; the exit code is non-zero if any failed. The
# summary gives each step's wall time, so a change that costs minutes shows at once.
# Extra arguments go to the first bazel test, e.g. tools/test.sh --test_output=all
set -uo pipefail
cd "$(dirname "$0")/.."
bash tools/bootstrap.sh || exit 1

status=0
failed_steps=()
other_steps=0  # steps that are not a bazel test run: each counts as one test
step_times=()  # "NAME<tab>SECONDS<tab>ok|FAILED", one per step run
run_start=$(date +%s)
step() {  # step NAME COMMAND...: runs it, records a failure and its wall time
  local name=$1 start verdict=ok
  shift
  case "$name" in "bazel test //..."|asan+ubsan|tsan) ;; *) other_steps=$((other_steps + 1)) ;; esac
  echo "== test: $name" >&2
  start=$(date +%s)
  if ! "$@"; then
    failed_steps+=("$name")
    status=1
    verdict=FAILED
  fi
  step_times+=("$(printf '%s\t%s\t%s' "$name" "$(($(date +%s) - start))" "$verdict")")
}

log=$(mktemp)
# Every target but the cc_library ones: a library named on the command line is also linked as a
# shared library, which compiles each of its sources a second time (-fPIC) for nothing here. The
# libraries are still built, as what the tests and binaries link (each is a dependency of one).
mapfile -t not_libraries < <(bazel query 'kind("cc_library rule", //...)' 2>/dev/null | sed 's/^/-/')
bazel_test() {  # bazel test //... with the given flags, keeping the summary for the count
  bazel test "$@" -- //... "${not_libraries[@]}" 2>&1 | tee -a "$log"
  return "${PIPESTATUS[0]}"
}

step "format check" bash tools/format_check.sh
step "bazel test //..." bazel_test "$@"
step "browser test" bash tools/browser_test.sh
# The sanitizer pass is about the code: tests tagged "data" (verifying every entry of a large
# table, minutes even with -c opt) and "timing" (load, scale-out and latency tests, which a
# sanitizer only slows down) are left out, and --build_tests_only builds no benchmark or tool
# with ASan. ASan and UBSan together (--config=sanitize), one build and one run instead of two,
# in their own output tree (.bazelrc's --platform_suffix), so the -c opt build stays cached.
sanitizer_flags=(--build_tests_only --test_tag_filters=-data,-timing)
step "asan+ubsan" bazel_test --config=sanitize "${sanitizer_flags[@]}"
# TSan (RUN_TSAN=1): Debian's gRPC is not instrumented, so TSan needs tools/tsan.supp (by
# absolute path) and still cannot see every ordering gRPC establishes; it is run on demand, not
# by default (CI runs ASan and UBSan).
if [ "${RUN_TSAN:-0}" = 1 ]; then
  step "tsan" bazel_test --config=tsan "${sanitizer_flags[@]}" \
    "--test_env=TSAN_OPTIONS=ignore_noninstrumented_modules=1:suppressions=$PWD/tools/tsan.supp"
fi
step "fuzz smoke" bash tools/fuzz.sh --smoke
# SKIP_CONTAINER_CHECK=1 leaves it out where podman cannot run (e.g. inside a chroot).
if [ "${SKIP_CONTAINER_CHECK:-0}" = 1 ]; then
  echo "== test: container check SKIPPED (SKIP_CONTAINER_CHECK=1)" >&2
else
  step "container check" bash tools/container_check.sh
fi

passed=$(grep -cE '^//[^ ]+ +(\(cached\) )?PASSED' "$log")
failed=$(grep -cE '^//[^ ]+ +(FAILED|TIMEOUT|NO STATUS|FAILED TO BUILD)' "$log")
rm -f "$log"
other_failed=0
for s in "${failed_steps[@]}"; do
  case "$s" in "bazel test //..."|asan+ubsan|tsan) ;; *) other_failed=$((other_failed + 1)) ;; esac
done
failed=$((failed + other_failed))
echo "test: wall time per step (seconds):"
for line in "${step_times[@]}"; do
  IFS=$'\t' read -r name seconds verdict <<<"$line"
  printf 'test:   %-18s %6s  %s\n' "$name" "$seconds" "$verdict"
done
printf 'test:   %-18s %6s\n' "total" "$(($(date +%s) - run_start))"
if [ "$status" -ne 0 ]; then
  echo "test: FAILED steps: ${failed_steps[*]}"
  [ "$failed" -gt 0 ] || failed=1  # a step failed without a per-test line (e.g. a build error)
fi
# One line for CI: Bazel test results over the configurations run (opt, asan+ubsan, tsan), plus
# the format, browser, fuzz and container steps as one test each.
echo "$((passed + other_steps - other_failed)) passed, $failed failed"
exit "$status"
