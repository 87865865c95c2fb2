#!/usr/bin/env bash
# Fails when a generated table's bytes differ from the pinned SHA-256.
# Usage: checksum_test.sh TABLE PINNED_SHA256_FILE
set -euo pipefail
table=$1 pinned_file=$2
actual=$(sha256sum "$table" | cut -d' ' -f1)
pinned=$(cut -d' ' -f1 "$pinned_file")
if [ "$actual" != "$pinned" ]; then
  echo "FAIL: $table has SHA-256 $actual; data/$(basename "$pinned_file") pins $pinned." >&2
  echo "The generator or the table format changed the output. If that was intended, verify the" >&2
  echo "new table (bazel run //generator:verify_tables -- --tables=...) and update the pin." >&2
  exit 1
fi
echo "OK: $table matches the pinned SHA-256 $pinned"
