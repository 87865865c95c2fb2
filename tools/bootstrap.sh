#!/usr/bin/env bash
# Installs exactly the Debian 12 packages that the build and the test suite need, and only those
# that are missing. Idempotent and non-interactive; runs `apt-get update` only when a package is
# missing and apt cannot find it in its current lists. Fails with a clear message when the package
# archive cannot be reached.
#
# Usage: tools/bootstrap.sh            (as root, or with sudo available)
set -euo pipefail

# Build: Bazel 4.2.3 and the C++ stack the WORKSPACE wraps (see third_party/); libcpp-httplib-dev
# is the end-to-end tests' HTTP client (the server's HTTP is libmicrohttpd), but the WORKSPACE
# wraps every library at once, so every build needs it.
# Tests: python3-grpcio and python3-protobuf for the cross-language client test and the Python
# package (clients/python, installed with python3-pip on python3-setuptools and python3-wheel,
# tested with python3-pytest), python3-yaml
# to parse the Kubernetes manifests, clang and its runtimes for the libFuzzer targets,
# clang-format-14 for the format check.
PACKAGES=(
  bazel-bootstrap
  g++
  libgrpc++-dev protobuf-compiler-grpc libprotobuf-dev protobuf-compiler
  libabsl-dev libzstd-dev libxxhash-dev libcpp-httplib-dev
  libmicrohttpd-dev prometheus-cpp-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  python3 python3-grpcio python3-protobuf python3-yaml
  python3-pip python3-setuptools python3-wheel python3-pytest
  clang libclang-rt-14-dev clang-format-14
  pkg-config ca-certificates
)

log() { printf 'bootstrap: %s\n' "$*" >&2; }

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    log "not root and no sudo; install these packages by hand: ${PACKAGES[*]}"; exit 1
  fi
fi

missing=()
for pkg in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q '^install ok installed$'; then
    missing+=("$pkg")
  fi
done

if [ "${#missing[@]}" -eq 0 ]; then
  log "all ${#PACKAGES[@]} packages present"
  exit 0
fi
log "missing: ${missing[*]}"

export DEBIAN_FRONTEND=noninteractive
# apt's lists may be absent (a fresh root) or stale; refresh only when a missing package is not
# known to apt at all.
needs_update=0
for pkg in "${missing[@]}"; do
  if ! apt-cache show "$pkg" >/dev/null 2>&1; then needs_update=1; break; fi
done
if [ "$needs_update" -eq 1 ]; then
  log "apt-get update"
  if ! $SUDO apt-get update -q >/tmp/bootstrap-apt-update.log 2>&1 \
      || grep -qE '^(Err|W: Failed to fetch)' /tmp/bootstrap-apt-update.log; then
    cat /tmp/bootstrap-apt-update.log >&2
    log "ERROR: cannot reach the Debian package archive (apt-get update failed; see above)."
    log "       Check the network/proxy and /etc/apt/sources.list*, then rerun."
    exit 1
  fi
fi

log "apt-get install ${missing[*]}"
if ! $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}" \
    >/tmp/bootstrap-apt-install.log 2>&1; then
  tail -n 30 /tmp/bootstrap-apt-install.log >&2
  log "ERROR: apt-get install failed (is the Debian archive reachable?). Full log:"
  log "       /tmp/bootstrap-apt-install.log"
  exit 1
fi
log "installed ${#missing[@]} packages"
