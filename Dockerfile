# The puzzle oracle server as a container image (README, "Deployment").
#
#   podman build --isolation=chroot --pull=never --format docker -t puzzle-oracle .
#   bash tools/container_check.sh        # builds it, runs it, checks it, prints its size
#
# Stage 1 builds the server, the client and the tables with Bazel on Debian, with exactly the
# packages tools/bootstrap.sh installs, and stages them (tools/stage_image.sh); or, given
# --build-arg PREBUILT=<folder>, takes them as staged from a host build. Stage 2 is debian:bookworm-slim with only the shared
# libraries the binaries load (found with ldd), the binaries and the tables: no compiler, no
# Bazel, no package lists.

# ---- build ----
FROM debian:bookworm-slim AS build

# PREBUILT (a folder of the build context): the binaries, tables and package list that
# tools/stage_image.sh staged from a host build of the same sources (tools/container_check.sh
# passes it, to reuse what the test run built). Empty (the default): build them here.
ARG PREBUILT=

# The bootstrap layer depends on the package list only, so editing sources reuses it. The slim
# image has no /usr/share/man, and the JDK that Bazel needs fails to configure without man1
# (its update-alternatives links a manual page there; Debian bug 863199).
COPY tools/bootstrap.sh /src/tools/bootstrap.sh
RUN if [ -z "$PREBUILT" ]; then \
      mkdir -p /usr/share/man/man1 \
      && bash /src/tools/bootstrap.sh \
      && rm -rf /var/lib/apt/lists/* /var/cache/apt/archives/*.deb; \
    fi

COPY . /src
WORKDIR /src
# --batch: no Bazel server outlives this step. Local spawns: Bazel's sandbox wants namespaces
# that a chroot-isolated build need not grant. The output root lives only inside this step, and
# --disk_cache= turns off the .bazelrc's cache, so the layer keeps just /stage.
RUN if [ -n "$PREBUILT" ]; then \
      cp -a "$PREBUILT" /stage; \
    else \
      bazel --batch --output_user_root=/tmp/bazel build -c opt --spawn_strategy=local \
          --disk_cache= //server:puzzle_oracle_server //data:tables //client:oracle_client \
      && bash tools/stage_image.sh bazel-bin /stage \
      && rm -rf /tmp/bazel; \
    fi \
    && test -s /stage/runtime-packages && cat /stage/runtime-packages

# ---- runtime ----
FROM debian:bookworm-slim

# Only the packages of the shared libraries the binaries load, as the build stage found them:
# libgrpc++1.51, libgrpc29, libprotobuf32, libabsl20220623, libzstd1, libxxhash0, libre2-9,
# libc-ares2, libssl3, libmicrohttpd12, libprometheus-cpp-core1.0 (and whatever a new dependency
# of the server adds), no recommends.
COPY --from=build /stage/runtime-packages /tmp/runtime-packages
RUN apt-get update -q \
    && DEBIAN_FRONTEND=noninteractive xargs -a /tmp/runtime-packages \
        apt-get install -y -q --no-install-recommends \
    && apt-get clean \
    && rm -rf /tmp/runtime-packages /var/lib/apt/lists/* /var/cache/apt/*.bin /var/log/apt \
        /var/log/dpkg.log

# A numeric non-root user, so Kubernetes' runAsNonRoot can check it without a name lookup.
RUN groupadd --gid 10001 oracle \
    && useradd --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent \
        --shell /usr/sbin/nologin oracle

# Everything is owned by root and read-only: the server writes nothing, so the container runs
# with a read-only root filesystem. The tables are in /opt/puzzle-oracle/data (--tables_dir).
COPY --from=build /stage/opt/ /opt/puzzle-oracle/
WORKDIR /opt/puzzle-oracle
USER 10001:10001

EXPOSE 50051 8080
STOPSIGNAL SIGTERM
# Docker and podman run this with --format docker; Kubernetes uses its own gRPC probes.
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
    CMD ["/opt/puzzle-oracle/oracle_client", "--server=127.0.0.1:50051", "health"]

# Flags appended at run time override these (the last value of a flag wins).
ENTRYPOINT ["/opt/puzzle-oracle/puzzle_oracle_server", "--address=0.0.0.0:50051", \
            "--http_address=0.0.0.0:8080", "--tables_dir=/opt/puzzle-oracle/data"]
CMD []

LABEL org.opencontainers.image.title="puzzle-oracle" \
      org.opencontainers.image.description="Exact optimal puzzle answers over gRPC and HTTP/JSON from precomputed tables"
