#!/usr/bin/env bash
# Quick start, command 1: install what is missing, build the server, the client and every table
# (through Bazel), and serve them: gRPC on 127.0.0.1:50051, HTTP (JSON API, playground, metrics)
# on 127.0.0.1:8080. Extra arguments go to the server, e.g.
#   tools/serve.sh --address=unix:/tmp/oracle.sock --puzzles=eight
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/bootstrap.sh
echo "serve: building the tables, the server and the client (bazel build)..." >&2
bazel build //data:tables //server:puzzle_oracle_server //client:oracle_client
client="$PWD/bazel-bin/client/oracle_client"
cat >&2 <<MSG
serve: starting the server (Ctrl-C stops it). Query it from another terminal, e.g.:
  $client --server=127.0.0.1:50051 solve 564178X23 7568X4123
  $client --server=127.0.0.1:50051 --puzzle=rotation-game solve 111111112222222233333333
  printf '2\n12X453786\n12345678X\n564178X23\n7568X4123\n' | $client --server=127.0.0.1:50051 judge --format=hdu3567
  $client list          (every puzzle and judge format)
  $client --server=127.0.0.1:50051 health
  curl -s -XPOST 127.0.0.1:8080/v2/puzzles/eight:solve -d '{"start":"564178X23","goal":"7568X4123"}'
  playground: http://127.0.0.1:8080/    metrics: http://127.0.0.1:8080/metrics
MSG
# The server finds the Bazel-built tables from its runfiles (--tables_dir overrides).
exec bazel-bin/server/puzzle_oracle_server --http_address=127.0.0.1:8080 "$@"
