#!/usr/bin/env bash
# Runs the independent verifier over a Bazel-built table.
# Usage: verify_test.sh VERIFIER VERIFIER_FLAGS...
set -euo pipefail
verifier=$1
shift
exec "$verifier" "$@"
