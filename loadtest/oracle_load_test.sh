#!/usr/bin/env bash
# The suite's load test: 10 s of mixed, checked traffic against the real server (see
# load_main.cc for what passes). Extra arguments go to oracle_load.
set -euo pipefail
rss=()
case "${SANITIZER:-}" in
  *asan*|tsan)
    # ASan keeps up to 256 MiB of freed memory in quarantine and TSan grows shadow memory, so a
    # sanitizer build's RSS says nothing about leaks. The -c opt run checks RSS growth; here every
    # other check (answers, status codes, health, exit code) still applies.
    echo "oracle_load_test: RSS growth not checked under ${SANITIZER}" >&2
    rss=(--max_rss_growth=100)
    ;;
esac
exec loadtest/oracle_load --duration=10s --warmup=3s --clients=4 "${rss[@]}" "$@"
