#!/usr/bin/env bash
# Runs deploy/manifests_test.py with Debian's Python, which has python3-yaml (tools/bootstrap.sh).
set -euo pipefail
exec /usr/bin/python3 deploy/manifests_test.py "$@"
