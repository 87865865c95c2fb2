#!/usr/bin/env bash
# //clients/python:python_package_test: installs the package the way the README says
# (pip install --no-build-isolation, offline, on Debian's grpcio and protobuf) into a scratch
# directory, then runs its pytest suite against the real server binary.
set -euo pipefail
work="${TEST_TMPDIR:-$(mktemp -d)}/python-package"
rm -rf "$work" && mkdir -p "$work/src"
cp -rL clients/python/. "$work/src/"
export PUZZLE_ORACLE_PROTO_DIR="$PWD/proto"
/usr/bin/python3 -m pip install --quiet --root-user-action=ignore --no-build-isolation --no-deps --no-index \
  --target="$work/site" "$work/src"
test -f "$work/site/puzzle_oracle/py.typed"
export PYTHONPATH="$work/site"
export SERVER="$PWD/server/puzzle_oracle_server" TABLES="$PWD/data"
cd "$work"
exec /usr/bin/python3 -m pytest -q -p no:cacheprovider "$work/src/tests"
