#!/usr/bin/env bash
# Runs the independent verifier over the Bazel-built table.
# Usage: verify_test.sh VERIFIER TABLE HISTOGRAMS
set -euo pipefail
exec "$1" --tables="$2" --histograms="$3"
