#!/usr/bin/env bash
# The suite's load test: 10 s of mixed, checked traffic against the real server (see
# load_main.cc for what passes). Extra arguments go to oracle_load.
set -euo pipefail
exec loadtest/oracle_load --duration=10s --warmup=3s --clients=4 "$@"
