#!/usr/bin/env bash
# Builds the container image from the Dockerfile and checks it for real, on loopback only:
#   1. installs what tools/bootstrap.sh installs, and podman, buildah and debootstrap, with apt-get
#      when they are missing;
#   2. makes the base image debian:bookworm-slim locally with debootstrap when it is not in local
#      storage (no registry is reachable here; CONTAINER_CHECK_PULL=1 tries `podman pull` first);
#   3. builds the image with podman (chroot isolation: there is no container engine here), from
#      the binaries and tables of the host's Bazel build (the one the test run made, so nothing
#      is built twice) staged by tools/stage_image.sh and passed as --build-arg PREBUILT;
#      CONTAINER_CHECK_FROM_SOURCE=1 builds them inside the image instead, as a user's
#      `podman build .` does (minutes: the build packages and a whole Bazel build);
#   4. checks that the Kubernetes manifests in deploy/ agree with the built image (port, numeric
#      non-root user, listen address, drain time);
#   5. starts the server from the image with `buildah run --isolation chroot`: the image's own
#      ENTRYPOINT as its user, with --address=127.0.0.1:0 appended so it listens on loopback only;
#   6. checks with the project's client that health is SERVING and known queries are answered
#      exactly, and that the server runs as the image's non-root user;
#   7. does 5-6 again as that user on a read-only bind mount of the image's root filesystem
#      (what Kubernetes' readOnlyRootFilesystem does);
#   8. stops each server with SIGTERM and requires a clean exit 0;
#   9. prints the image size and fails when it exceeds CONTAINER_CHECK_MAX_MB (default 1050: the
#      78 MB Debian slim base, ~32 MB of shared libraries, ~2 MB of binaries and the 754 MB of
#      tables, 682 MB of them the 3x3x3's and 63 MB the 15-puzzle's, which are served mapped in
#      place so they cost the node one copy however many replicas run; 184 MB before the 3x3x3,
#      2026-12-03; 480 MB before the 3x3x3's phase1_moves, 2026-12-06, and 141 MB more until its
#      phase1 section, which the words repeat, was dropped the same day).
# Exits non-zero with a message naming the failed step.
#
# Usage: tools/container_check.sh                     (as root)
#   IMAGE=...            the tag to build (default localhost/puzzle-oracle:latest)
#   ORACLE_CLIENT=...    the client the checks use (default: the host build's)
#   CONTAINER_CHECK_FROM_SOURCE=1   build the binaries and tables in the image (see 3.)
#   BAZEL_STARTUP_FLAGS / BAZEL_BUILD_FLAGS   extra flags for the host's Bazel build
set -euo pipefail
cd "$(dirname "$0")/.."

IMAGE=${IMAGE:-localhost/puzzle-oracle:latest}
BASE=docker.io/library/debian:bookworm-slim
MAX_MB=${CONTAINER_CHECK_MAX_MB:-1050}
START_TIMEOUT=30

log() { printf 'container_check: %s\n' "$*" >&2; }
fail() {
  log "FAIL: $*"
  exit 1
}

if [ "$(id -u)" -ne 0 ]; then fail "run as root (podman and buildah need it here)"; fi

WORK=$(mktemp -d /tmp/container-check.XXXXXX)
CONTAINER=""
RO_ROOT=""
SERVER_PID=""
RUNNER_PID=""
PREBUILT_DIR=""

# Ends a server left running by a failed check: the server itself, then what ran it.
stop_server() {
  if [ -n "$RUNNER_PID" ]; then
    [ -n "$SERVER_PID" ] || SERVER_PID=$(find_server_pid "$RUNNER_PID") || true
    if [ -n "$SERVER_PID" ]; then kill -KILL "$SERVER_PID" 2>/dev/null || true; fi
    sleep 0.5
    kill -KILL "$RUNNER_PID" 2>/dev/null || true
    wait "$RUNNER_PID" 2>/dev/null || true
  fi
  SERVER_PID=""
  RUNNER_PID=""
}
cleanup() {
  stop_server
  if [ -n "$RO_ROOT" ] && mountpoint -q "$RO_ROOT"; then umount "$RO_ROOT" || true; fi
  if [ -n "$CONTAINER" ]; then
    buildah umount "$CONTAINER" >/dev/null 2>&1 || true
    buildah rm "$CONTAINER" >/dev/null 2>&1 || true
  fi
  rm -rf "$WORK"
  if [ -n "$PREBUILT_DIR" ]; then rm -rf "$PREBUILT_DIR"; fi
}
trap cleanup EXIT

# ---- 1. tools: the build's (Bazel for the client, python3-yaml for the manifests), then these ----
bash tools/bootstrap.sh || fail "tools/bootstrap.sh failed"
missing=()
command -v podman >/dev/null 2>&1 || missing+=(podman)
command -v buildah >/dev/null 2>&1 || missing+=(buildah)
command -v debootstrap >/dev/null 2>&1 || missing+=(debootstrap)
if [ "${#missing[@]}" -gt 0 ]; then
  log "installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  if ! apt-cache show "${missing[@]}" >/dev/null 2>&1; then
    apt-get update -q >"$WORK/apt-update.log" 2>&1 \
      || { cat "$WORK/apt-update.log" >&2; fail "apt-get update failed (is the Debian archive reachable?)"; }
  fi
  apt-get install -y -q --no-install-recommends "${missing[@]}" >"$WORK/apt-install.log" 2>&1 \
    || { tail -n 30 "$WORK/apt-install.log" >&2; fail "apt-get install ${missing[*]} failed"; }
fi

# ---- the host build: the client the checks use, and what the image is made of ----
# Cached when the test run has built them (same flags, same output tree).
log "bazel build //server:puzzle_oracle_server //client:oracle_client //data:tables"
# shellcheck disable=SC2086  # the flag variables are word lists
bazel ${BAZEL_STARTUP_FLAGS:-} build ${BAZEL_BUILD_FLAGS:-} //server:puzzle_oracle_server \
  //client:oracle_client //data:tables >"$WORK/bazel.log" 2>&1 \
  || { tail -n 30 "$WORK/bazel.log" >&2; fail "the host's bazel build failed"; }
# shellcheck disable=SC2086
bazel_bin=$(bazel ${BAZEL_STARTUP_FLAGS:-} info ${BAZEL_BUILD_FLAGS:-} bazel-bin 2>"$WORK/bazel-info.log") \
  || { cat "$WORK/bazel-info.log" >&2; fail "bazel info bazel-bin failed"; }
CLIENT=${ORACLE_CLIENT:-$bazel_bin/client/oracle_client}
[ -x "$CLIENT" ] || fail "no client binary at $CLIENT"
build_args=()
if [ "${CONTAINER_CHECK_FROM_SOURCE:-0}" != 1 ]; then
  # Inside the build context (the Dockerfile copies it from there); removed at exit.
  PREBUILT_DIR=.container-prebuilt
  bash tools/stage_image.sh "$bazel_bin" "$PREBUILT_DIR" 2>"$WORK/stage.log" \
    || { cat "$WORK/stage.log" >&2; fail "tools/stage_image.sh failed"; }
  build_args=(--build-arg "PREBUILT=$PREBUILT_DIR")
  log "the image takes the host build's binaries and tables ($PREBUILT_DIR)"
fi

# ---- 2. the base image ----
if podman image exists "$BASE"; then
  log "base image $BASE is present"
else
  pulled=0
  if [ "${CONTAINER_CHECK_PULL:-0}" = 1 ] && podman pull -q "$BASE" >"$WORK/pull.log" 2>&1; then
    pulled=1
    log "pulled $BASE"
  fi
  if [ "$pulled" -eq 0 ]; then
    mirror=$(sed -n 's/^URIs: *\(http[^ ]*\/debian\)\/*$/\1/p' /etc/apt/sources.list.d/debian.sources \
      2>/dev/null | head -n 1)
    mirror=${mirror:-http://deb.debian.org/debian}
    log "making $BASE locally with debootstrap from $mirror (about a minute)"
    rootfs="$WORK/rootfs"
    debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$WORK/debootstrap.log" 2>&1 \
      || { tail -n 30 "$WORK/debootstrap.log" >&2; fail "debootstrap failed"; }
    # Slim it as the official -slim image is: no documentation, manual pages or translations,
    # now or in packages installed later; no package lists or caches.
    cat >"$rootfs/etc/dpkg/dpkg.cfg.d/docker" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/lintian/overrides/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/man/*
EOF
    find "$rootfs/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
    find "$rootfs/usr/share/doc" -mindepth 1 -type d -empty -delete
    rm -rf "$rootfs"/usr/share/{groff,info,linda,lintian,man}/* "$rootfs"/usr/share/locale/* \
      "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin \
      "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/log/*.log "$rootfs"/var/log/apt/*
    tar -C "$rootfs" -c . | podman import \
      --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
      --change 'CMD ["bash"]' - "$BASE" >"$WORK/import.log" 2>&1 \
      || { cat "$WORK/import.log" >&2; fail "podman import of the debootstrap root failed"; }
    rm -rf "$rootfs"
  fi
fi

# ---- 3. build ----
if [ "${#build_args[@]}" -eq 0 ]; then
  log "building $IMAGE from source (the build packages and a whole Bazel build: minutes)"
else
  log "building $IMAGE"
fi
build_start=$(date +%s)
if ! podman build --isolation=chroot --pull=never --format docker "${build_args[@]}" \
    -t "$IMAGE" -f Dockerfile . \
    >"$WORK/build.log" 2>&1; then
  tail -n 40 "$WORK/build.log" >&2
  fail "podman build failed (last lines above)"
fi
log "built $IMAGE in $(($(date +%s) - build_start)) s"

# The image's own command line, plus a loopback address (the last --address wins).
mapfile -t ENTRYPOINT < <(podman image inspect --format '{{json .Config.Entrypoint}}' "$IMAGE" |
  python3 -c 'import json, sys; print("\n".join(json.load(sys.stdin)))')
[ "${#ENTRYPOINT[@]}" -gt 0 ] || fail "the image has no ENTRYPOINT"
IMAGE_USER=$(podman image inspect --format '{{.Config.User}}' "$IMAGE")
IMAGE_UID=${IMAGE_USER%%:*}
case "$IMAGE_UID" in
  '' | 0 | root | *[!0-9]*) fail "the image's USER is '$IMAGE_USER'; want a numeric non-root uid" ;;
esac
IMAGE_WORKDIR=$(podman image inspect --format '{{.Config.WorkingDir}}' "$IMAGE")

# ---- 4. the Kubernetes manifests agree with the image as built ----
podman image inspect "$IMAGE" >"$WORK/image.json"
/usr/bin/python3 deploy/manifests_test.py --image-config="$WORK/image.json" \
  proto/puzzleoracle/v2/oracle.proto deploy/*.yaml deploy/batch/*.yaml >"$WORK/manifests.log" 2>&1 \
  || { cat "$WORK/manifests.log" >&2; fail "deploy/ manifests do not agree with the image"; }
grep -q '^test_matches_the_image .* ok$' "$WORK/manifests.log" \
  || { cat "$WORK/manifests.log" >&2; fail "the manifests' image check did not run"; }
log "deploy/ manifests agree with the image (port, non-root uid, listen address, drain time)"

# The server process: $1 itself (chroot execs it) or a descendant (buildah run forks it).
find_server_pid() {
  local pids=("$1") pid child
  while [ "${#pids[@]}" -gt 0 ]; do
    pid=${pids[0]}
    pids=("${pids[@]:1}")
    if [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "puzzle_oracle_s" ]; then
      echo "$pid"
      return 0
    fi
    for child in $(ps -o pid= --ppid "$pid"); do pids+=("$child"); done
  done
  return 1
}

# Waits for "SERVING on ADDR;" in $1 while process $2 lives; sets SERVER_ADDRESS.
wait_serving() {
  local logfile=$1 runner=$2 deadline=$(($(date +%s) + START_TIMEOUT))
  SERVER_ADDRESS=""
  while [ -z "$SERVER_ADDRESS" ]; do
    SERVER_ADDRESS=$(sed -n 's/.*SERVING on \([^;]*\);.*/\1/p' "$logfile" | head -n 1)
    [ -n "$SERVER_ADDRESS" ] && break
    kill -0 "$runner" 2>/dev/null || { cat "$logfile" >&2; fail "the server exited before SERVING"; }
    [ "$(date +%s)" -lt "$deadline" ] || { cat "$logfile" >&2; fail "no SERVING within ${START_TIMEOUT}s"; }
    sleep 0.2
  done
  case "$SERVER_ADDRESS" in
    127.0.0.1:*) ;;
    *) fail "the server listens on $SERVER_ADDRESS, not on loopback" ;;
  esac
}

# Health and known answers through the client, against $SERVER_ADDRESS.
check_answers() {
  local what=$1 out
  out=$("$CLIENT" --server="$SERVER_ADDRESS" health 2>&1) \
    || fail "$what: health exited non-zero: $out"
  [ "$out" = "SERVING" ] || fail "$what: health printed '$out', want SERVING"
  out=$("$CLIENT" --server="$SERVER_ADDRESS" solve 564178X23 7568X4123 2>&1) \
    || fail "$what: solve exited non-zero: $out"
  grep -qx 'distance 8' <<<"$out" || fail "$what: solve printed '$out', want 'distance 8'"
  grep -qx 'moves urrulldr' <<<"$out" || fail "$what: solve printed '$out', want 'moves urrulldr'"
  out=$("$CLIENT" --server="$SERVER_ADDRESS" solve 12345678X 87654321X 2>&1) \
    || fail "$what: solve exited non-zero: $out"
  grep -qx 'distance 30' <<<"$out" || fail "$what: solve 12345678X 87654321X printed '$out', want 'distance 30'"
  out=$("$CLIENT" --server="$SERVER_ADDRESS" solve 12345678X 21345678X 2>&1) \
    || fail "$what: solve exited non-zero: $out"
  grep -qx 'unsolvable' <<<"$out" || fail "$what: solve of an unsolvable pair printed '$out'"
  log "$what: health SERVING; 564178X23 -> 7568X4123 is distance 8, moves urrulldr"
}

# Checks the server runs as the image's user, then SIGTERM and a clean exit 0.
check_user_and_stop() {
  local what=$1 logfile=$2 uid status
  SERVER_PID=$(find_server_pid "$RUNNER_PID") || fail "$what: cannot find the server process"
  uid=$(awk '/^Uid:/ {print $2}' "/proc/$SERVER_PID/status")
  [ "$uid" = "$IMAGE_UID" ] || fail "$what: the server runs as uid $uid, want $IMAGE_UID"
  log "$what: the server (pid $SERVER_PID) runs as uid $uid"
  kill -TERM "$SERVER_PID"
  status=0
  wait "$RUNNER_PID" || status=$?
  SERVER_PID=""
  RUNNER_PID=""
  [ "$status" -eq 0 ] || { cat "$logfile" >&2; fail "$what: exit status $status after SIGTERM, want 0"; }
  grep -q 'SIGTERM received; NOT_SERVING' "$logfile" \
    || { cat "$logfile" >&2; fail "$what: the server did not log its SIGTERM drain"; }
  log "$what: stopped cleanly by SIGTERM (exit 0)"
}

# ---- 5-6, 8. run from the image with buildah, check, stop ----
CONTAINER=$(buildah from --isolation chroot --pull=false "$IMAGE" 2>"$WORK/from.log") \
  || { cat "$WORK/from.log" >&2; fail "buildah from $IMAGE failed"; }
buildah run --isolation chroot "$CONTAINER" -- "${ENTRYPOINT[@]}" --address=127.0.0.1:0 \
  >"$WORK/run.log" 2>&1 &
RUNNER_PID=$!
wait_serving "$WORK/run.log" "$RUNNER_PID"
log "buildah run: ${ENTRYPOINT[*]} --address=127.0.0.1:0 is SERVING on $SERVER_ADDRESS"
check_answers "buildah run"
check_user_and_stop "buildah run" "$WORK/run.log"

# ---- 7-8. again on a read-only root filesystem ----
ROOTFS=$(buildah mount "$CONTAINER")
RO_ROOT="$WORK/ro-root"
mkdir -p "$RO_ROOT"
mount --bind "$ROOTFS" "$RO_ROOT" || fail "cannot bind-mount the image's root"
mount -o remount,bind,ro "$RO_ROOT" || fail "cannot make the image's root read-only"
if touch "$RO_ROOT/tmp/write-test" 2>/dev/null; then fail "the read-only root is writable"; fi
chroot --userspec="$IMAGE_USER" "$RO_ROOT" /usr/bin/env --chdir="${IMAGE_WORKDIR:-/}" \
  "${ENTRYPOINT[@]}" --address=127.0.0.1:0 >"$WORK/ro.log" 2>&1 &
RUNNER_PID=$!
wait_serving "$WORK/ro.log" "$RUNNER_PID"
log "read-only root: SERVING on $SERVER_ADDRESS"
check_answers "read-only root"
check_user_and_stop "read-only root" "$WORK/ro.log"
umount "$RO_ROOT"
RO_ROOT=""

# ---- 9. size ----
size=$(podman image inspect --format '{{.Size}}' "$IMAGE")
size_mb=$(((size + 999999) / 1000000))
log "image $IMAGE: $size bytes ($size_mb MB); layers:"
podman history --format '{{.Size}}\t{{.CreatedBy}}' "$IMAGE" | cut -c1-110 >&2
[ "$size_mb" -le "$MAX_MB" ] || fail "the image is $size_mb MB, over the $MAX_MB MB limit"
echo "container_check: PASSED: $IMAGE, $size_mb MB ($size bytes)"
