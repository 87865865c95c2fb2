#!/usr/bin/env bash
# The abuse suite's combined soak (issue 12): builds the release server and the server_abuse tool
# (tests/abuse/server_abuse_main.cc), starts the server on free ports with HTTP on and its default
# limits, runs every attack of the suite at once for 60 s while a good gRPC client and a good HTTP
# client keep asking (every answer checked), samples the server's RSS (/proc/PID/status VmRSS and
# VmHWM), ends it with SIGTERM with the attacks still connected, and prints the report and one
# line per bound: peak RSS against the deployment's limit (1280 MiB), each good client's answers,
# errors and p50/p99, the per-attack outcome counts, the shutdown time. The quick per-finding checks are
# //tests/abuse:server_abuse_test (bazel test); this is not part of bazel test.
#
# Usage: [SERVER_FLAGS="--flag=value ..."] tools/abuse_soak.sh [--seconds=N] [server_abuse flags...]
#   e.g. tools/abuse_soak.sh --seconds=60 --good_p99_limit=500ms
#        tools/abuse_soak.sh --flood_max_size --flood_calls=200   (the known limit, README Security)
#   SERVER_FLAGS are added to the server's command line (to try other limits than the defaults).
# Exit code: 0 when every bound held and the server exited 0; 1 otherwise; 2 when it cannot start.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=60
args=()
for arg in "$@"; do
  case $arg in
    --seconds=*) seconds=${arg#--seconds=} ;;
    *) args+=("$arg") ;;
  esac
done
grace=5s

bazel build -c opt //server:puzzle_oracle_server //tests/abuse:server_abuse //data:tables
bin=$(bazel info -c opt bazel-bin 2>/dev/null)
ulimit -n "$(ulimit -Hn)"  # 700 attack connections on this side too

log=$(mktemp)
"$bin/server/puzzle_oracle_server" --address=127.0.0.1:0 --http_address=127.0.0.1:0 \
  --tables_dir="$bin/data" --shutdown_grace=$grace ${SERVER_FLAGS:-} 2>"$log" &
pid=$!
trap 'kill -KILL $pid 2>/dev/null || true; rm -f "$log"' EXIT
for _ in $(seq 600); do
  grep -q "SERVING on " "$log" && break
  kill -0 $pid 2>/dev/null || { echo "abuse_soak: the server exited:" >&2; cat "$log" >&2; exit 2; }
  sleep 0.1
done
grpc_address=$(sed -n 's/.*SERVING on \([^;]*\);.*/\1/p' "$log")
http_address=$(sed -n 's/.*HTTP on \([^;]*\);.*/\1/p' "$log")
[ -n "$grpc_address" ] && [ -n "$http_address" ] || {
  echo "abuse_soak: no SERVING/HTTP line from the server:" >&2; cat "$log" >&2; exit 2
}

status=0
"$bin/tests/abuse/server_abuse" --address="$grpc_address" --http_address="$http_address" \
  --server_pid=$pid --tables_dir="$bin/data" --seconds="$seconds" --shutdown_grace=$grace \
  "${args[@]}" || status=$?
# server_abuse sent SIGTERM at the end; the server must have exited 0.
server_status=0
wait $pid || server_status=$?
echo "server exit code: $server_status"
if [ $server_status -ne 0 ]; then
  echo "server stderr (last 20 lines):"
  tail -n 20 "$log"
  status=1
fi
exit $status
