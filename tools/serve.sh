#!/usr/bin/env bash
# Quick start, command 1: install what is missing, build the server, the client and the tables
# (through Bazel), and serve on the Bazel-built tables. Extra arguments go to the server, e.g.
#   tools/serve.sh --address=unix:/tmp/oracle.sock
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/bootstrap.sh
echo "serve: building the tables, the server and the client (bazel build)..." >&2
bazel build //data:eight_table //data:rotation_table //server:puzzle_oracle_server //client:oracle_client
client="$PWD/bazel-bin/client/oracle_client"
cat >&2 <<MSG
serve: starting the server (Ctrl-C stops it). Query it from another terminal, e.g.:
  $client --server=127.0.0.1:50051 solve 564178X23 7568X4123
  printf '2\n12X453786\n12345678X\n564178X23\n7568X4123\n' | $client --server=127.0.0.1:50051 judge --format=hdu3567
  $client --server=127.0.0.1:50051 health
(or the same with: bazel run //client:oracle_client -- --server=127.0.0.1:50051 ...)
  curl -s -XPOST 127.0.0.1:8080/v1/eight:solve -d '{"start":"564178X23","goal":"7568X4123"}'
  playground: http://127.0.0.1:8080/    metrics: http://127.0.0.1:8080/metrics
MSG
# Run from the runfiles tree so the default --tables=data/eight.tbl is the Bazel-built table.
cd bazel-bin/server/puzzle_oracle_server.runfiles/puzzle_oracle
exec ../../puzzle_oracle_server --http_address=127.0.0.1:8080 "$@"
