#!/usr/bin/env bash
# Quick start, command 2: install what is missing and run the whole test suite:
#   0. the C++ files formatted as .clang-format says (tools/format_check.sh)
#   1. bazel test //...                          (-c opt; every unit, end-to-end and load test)
#   2. the web playground in headless Chromium   (tools/browser_test.sh)
#   3. bazel test //... under ASan and UBSan     (--config=sanitize: both in one build, less the
#                                                  "heavy" tests; RUN_TSAN=1 adds TSan)
#   4. a fuzz smoke pass of every target          (tools/fuzz.sh --smoke; clang, ASan+UBSan)
#   5. the container image: build, run, query     (tools/container_check.sh; needs root)
# Each step runs even when an earlier one failed; the exit code is non-zero if any failed.
# Extra arguments go to the first bazel test, e.g. tools/test.sh --test_output=all
set -uo pipefail
cd "$(dirname "$0")/.."
bash tools/bootstrap.sh || exit 1

status=0
failed_steps=()
other_steps=0  # steps that are not a bazel test run: each counts as one test
step() {  # step NAME COMMAND...: runs it, records a failure
  local name=$1
  shift
  case "$name" in "bazel test //..."|asan+ubsan|tsan) ;; *) other_steps=$((other_steps + 1)) ;; esac
  echo "== test: $name" >&2
  if ! "$@"; then
    failed_steps+=("$name")
    status=1
  fi
}

log=$(mktemp)
bazel_test() {  # bazel test //... with the given flags, keeping the summary for the count
  bazel test //... "$@" 2>&1 | tee -a "$log"
  return "${PIPESTATUS[0]}"
}

step "format check" bash tools/format_check.sh
step "bazel test //..." bazel_test "$@"
step "browser test" bash tools/browser_test.sh
# Tests tagged "heavy" (verifying every entry of a large table, minutes with -c opt, check data,
# not code; the abuse suite measures RSS and latency) are left out of the sanitizer runs.
# ASan and UBSan together (--config=sanitize), one build and one run instead of two.
step "asan+ubsan" bazel_test --config=sanitize --test_tag_filters=-heavy
# TSan (RUN_TSAN=1): Debian's gRPC is not instrumented, so TSan needs tools/tsan.supp (by
# absolute path) and still cannot see every ordering gRPC establishes; it is run on demand, not
# by default (CI runs ASan and UBSan).
if [ "${RUN_TSAN:-0}" = 1 ]; then
  step "tsan" bazel_test --config=tsan --test_tag_filters=-heavy \
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
if [ "$status" -ne 0 ]; then
  echo "test: FAILED steps: ${failed_steps[*]}"
  [ "$failed" -gt 0 ] || failed=1  # a step failed without a per-test line (e.g. a build error)
fi
# One line for CI: Bazel test results over the configurations run (opt, asan+ubsan, tsan), plus
# the format, browser, fuzz and container steps as one test each.
echo "$((passed + other_steps - other_failed)) passed, $failed failed"
exit "$status"
