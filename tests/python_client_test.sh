#!/usr/bin/env bash
# Runs tests/python_client.py with the generated Python stubs on PYTHONPATH.
set -euo pipefail
export PYTHONPATH="$PWD/proto${PYTHONPATH:+:$PYTHONPATH}"
exec /usr/bin/python3 tests/python_client.py server/puzzle_oracle_server data
