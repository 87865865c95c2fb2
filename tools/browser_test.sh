#!/usr/bin/env bash
# The real-browser test of the web playground (GET /): installs what it needs (Debian's chromium,
# and playwright-core from tests/browser/package-lock.json), builds the server and every
# puzzle's tables with Bazel (//data:tables), then runs tests/browser/playground.test.mjs, which
# starts the real server binary on loopback, on exactly the tables //data:tables builds (linked
# into a temporary folder, so that an opt-in large tier built beside them is not loaded: it would
# end the searches the test watches before their first progress report), and drives headless
# Chromium through every puzzle's view. Exits non-zero on any failure.
#
# Screenshots go to $TEST_UNDECLARED_OUTPUTS_DIR when it is set, else to tests/browser/artifacts/.
#
# Usage: tools/browser_test.sh
# Environment (all optional):
#   BAZEL_STARTUP_FLAGS  Bazel startup options, e.g. --output_base=/tmp/bazel_browser
#   BAZEL_BUILD_FLAGS    options for `bazel build` and `bazel info`, e.g. --symlink_prefix=/
#   CHROMIUM             the browser to drive (default /usr/bin/chromium, installed when missing)
#   PUZZLE_ORACLE_TABLES_DIR  a folder of <table>.tbl files for the server's --tables_dir
#                        (default: the temporary folder of //data:tables' files); without the
#                        opt-in large tiers, which end the searches the test watches too soon
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
root=$PWD

log() { printf 'browser_test: %s\n' "$*" >&2; }
fail() { log "FAILED: $*"; exit 1; }

# shellcheck disable=SC2206  # the flags are meant to split into words
startup=(${BAZEL_STARTUP_FLAGS:-})
# shellcheck disable=SC2206
build_flags=(${BAZEL_BUILD_FLAGS:-})

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi
fi

# Installs Debian packages, refreshing apt's lists only when apt does not know a package.
apt_install() {
  if [ "$(id -u)" -ne 0 ] && [ -z "$SUDO" ]; then
    fail "not root and no sudo; install these Debian packages by hand: $*"
  fi
  for pkg in "$@"; do
    if ! apt-cache show "$pkg" >/dev/null 2>&1; then
      log "apt-get update"
      $SUDO apt-get update -q >/dev/null 2>&1 || fail "apt-get update failed (is the Debian archive reachable?)"
      break
    fi
  done
  log "installing $*"
  local apt_log
  apt_log=$(mktemp)
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "$@" >"$apt_log" 2>&1 \
    || { tail -n 20 "$apt_log" >&2; fail "apt-get install $* failed (log above)"; }
  rm -f "$apt_log"
}

# 1. The build's own packages (Bazel, gRPC, ...).
bash tools/bootstrap.sh || fail "tools/bootstrap.sh could not install the build's packages"

# 2. Chromium (Debian's; Playwright cannot download its own browsers here).
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$CHROMIUM" ]; then
  [ "$CHROMIUM" = /usr/bin/chromium ] || fail "CHROMIUM=$CHROMIUM is not an executable"
  apt_install chromium
  [ -x "$CHROMIUM" ] || fail "the chromium package did not provide $CHROMIUM"
fi
log "browser: $("$CHROMIUM" --version 2>/dev/null | head -n 1)"

# 3. Node.js and playwright-core (pinned by tests/browser/package-lock.json).
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  apt_install nodejs npm
fi
node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$node_major" -lt 18 ]; then
  fail "Node.js $(node --version 2>/dev/null || echo '(none)') is too old: playwright-core (tests/browser/package.json) needs Node.js 18 or later"
fi
# Node ships its own CA list and ignores the system's. Where the network's TLS goes through a
# proxy whose CA is installed system-wide (as on this project's machines), npm must trust the
# system bundle too.
if [ -z "${NODE_EXTRA_CA_CERTS:-}" ] && [ -r /etc/ssl/certs/ca-certificates.crt ]; then
  export NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
fi
log "npm ci in tests/browser (node $(node --version))"
(cd tests/browser && npm ci --no-audit --no-fund --loglevel=error) \
  || fail "npm ci in tests/browser failed (is the npm registry reachable?)"

# 4. The server and its tables.
log "building the server and the tables (bazel build)"
bazel "${startup[@]}" build "${build_flags[@]}" \
    //server:puzzle_oracle_server //data:tables \
  || fail "bazel build failed"
bin_dir=$(bazel "${startup[@]}" info "${build_flags[@]}" bazel-bin 2>/dev/null) \
  || fail "bazel info bazel-bin failed"
server="$bin_dir/server/puzzle_oracle_server"
[ -x "$server" ] || fail "no server binary at $server"
if [ -z "${PUZZLE_ORACLE_TABLES_DIR:-}" ]; then
  execroot=$(bazel "${startup[@]}" info "${build_flags[@]}" execution_root 2>/dev/null) \
    || fail "bazel info execution_root failed"
  cquery_log=$(mktemp)
  mapfile -t table_files < <(bazel "${startup[@]}" cquery "${build_flags[@]}" //data:tables \
    --output=starlark --starlark:expr="'\\n'.join([f.path for f in target.files.to_list()])" \
    2>"$cquery_log")
  if [ "${#table_files[@]}" -eq 0 ]; then
    tail -n 20 "$cquery_log" >&2
    fail "bazel cquery listed no files of //data:tables (its last lines above)"
  fi
  rm -f "$cquery_log"
  PUZZLE_ORACLE_TABLES_DIR=$(mktemp -d)
  trap 'rm -rf "$PUZZLE_ORACLE_TABLES_DIR"' EXIT
  for file in "${table_files[@]}"; do ln -s "$execroot/$file" "$PUZZLE_ORACLE_TABLES_DIR/" || exit 1; done
  log "tables: ${#table_files[@]} files of //data:tables, linked in $PUZZLE_ORACLE_TABLES_DIR"
  export PUZZLE_ORACLE_TABLES_DIR
fi

# 5. The test.
artifacts=${TEST_UNDECLARED_OUTPUTS_DIR:-$root/tests/browser/artifacts}
log "running tests/browser/playground.test.mjs against $server"
if (cd tests/browser && PUZZLE_ORACLE_SERVER="$server" CHROMIUM="$CHROMIUM" \
      node --test --test-reporter=spec playground.test.mjs); then
  log "passed; screenshots in $artifacts"
else
  fail "the playground browser test failed (output above; screenshots so far in $artifacts)"
fi
