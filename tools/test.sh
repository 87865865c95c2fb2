#!/usr/bin/env bash
# Quick start, command 2: install what is missing and run the whole test suite (bazel test //...).
# Extra arguments go to bazel test, e.g. tools/test.sh --config=asan
set -uo pipefail
cd "$(dirname "$0")/.."
bash tools/bootstrap.sh || exit 1
log=$(mktemp)
bazel test //... "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
passed=$(grep -cE '^//[^ ]+ +(\(cached\) )?PASSED' "$log")
failed=$(grep -cE '^//[^ ]+ +(FAILED|TIMEOUT|NO STATUS|FAILED TO BUILD)' "$log")
rm -f "$log"
echo "bazel test: $passed passed, $failed failed"
# The web playground in a real headless Chromium (installs chromium and playwright-core itself).
bash tools/browser_test.sh || status=1
exit "$status"
