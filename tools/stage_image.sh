#!/usr/bin/env bash
# Stages what the container image holds, from a Bazel build of
# //server:puzzle_oracle_server //client:oracle_client //data:tables:
#   OUT/opt/puzzle_oracle_server, OUT/opt/oracle_client   stripped, mode 0555
#   OUT/opt/data/*.tbl    the tables in the server's runfiles (every table it serves by
#                         default; an opt-in large tier is not among them), mode 0444
#   OUT/runtime-packages  the Debian packages that own the shared libraries the binaries load
#                         (ldd, then dpkg -S), one a line: what the image's runtime stage installs
# The Dockerfile runs it after its own Bazel build; tools/container_check.sh runs it on the
# host's build (the one the test run made) and hands OUT to the Dockerfile (ARG PREBUILT).
#
# Usage: tools/stage_image.sh BAZEL_BIN OUT
set -euo pipefail
[ "$#" -eq 2 ] || { echo "usage: $0 BAZEL_BIN OUT" >&2; exit 2; }
bin=$1
out=$2
fail() { echo "stage_image: $*" >&2; exit 1; }

server=$bin/server/puzzle_oracle_server
client=$bin/client/oracle_client
tables=$bin/server/puzzle_oracle_server.runfiles/puzzle_oracle/data
for f in "$server" "$client"; do [ -x "$f" ] || fail "no binary at $f (build it first)"; done
compgen -G "$tables/*.tbl" >/dev/null || fail "no tables in $tables (build //data:tables)"

rm -rf "$out"
mkdir -p "$out/opt/data"
cp -L "$server" "$client" "$out/opt/"
cp -L "$tables"/*.tbl "$out/opt/data/"
strip --strip-unneeded "$out/opt/puzzle_oracle_server" "$out/opt/oracle_client"
chmod 0555 "$out/opt/puzzle_oracle_server" "$out/opt/oracle_client"
chmod 0444 "$out/opt/data/"*.tbl

# dpkg knows merged-/usr files by their /lib path, hence the second lookup.
for lib in $(ldd "$out/opt/puzzle_oracle_server" "$out/opt/oracle_client" |
               awk '/=> \// {print $3}' | sort -u); do
  real=$(readlink -f "$lib")
  { dpkg -S "$real" 2>/dev/null || dpkg -S "${real#/usr}"; } | cut -d: -f1
done | sort -u >"$out/runtime-packages"
[ -s "$out/runtime-packages" ] || fail "found no packages for the binaries' shared libraries"
echo "stage_image: $out: $(ls "$out/opt" "$out/opt/data" | grep -c .) files;" \
  "packages: $(tr '\n' ' ' <"$out/runtime-packages")" >&2
