#!/usr/bin/env bash
# Builds the app image $APP_IMAGE (localhost/manara:latest) from the repository's Dockerfile with podman, on
# $BASE_IMAGE: the debootstrap base by default (built first if missing), or e.g.
# BASE_IMAGE=node:24-bookworm-slim where Docker Hub can be reached. Layers are cached: after a source change
# only the build stage runs again (under a minute on 2 CPUs); after a package-lock.json change, npm ci too.

# shellcheck source=scripts/container/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
need podman

if [[ "$BASE_IMAGE" == localhost/manara-base:* ]]; then
  "$ROOT/scripts/container/build-base.sh"
fi

# npm inside the build trusts what this machine trusts (a TLS-inspecting proxy's CA, say): the bundle goes in
# as a build secret, mounted for the npm ci steps only and never stored in a layer.
secret=()
ca_bundle="${CA_BUNDLE:-/etc/ssl/certs/ca-certificates.crt}"
[[ -f "$ca_bundle" ]] && secret=(--secret "id=ca_certs,src=$ca_bundle")

log "building $APP_IMAGE on $BASE_IMAGE"
# nice: the build is the slow part, and the machine is shared; one stage at a time (podman's default).
nice -n 10 podman "${PODMAN_GLOBAL[@]}" build "${PODMAN_BUILD_FLAGS[@]}" --jobs 1 "${secret[@]}" \
  --build-arg "BASE_IMAGE=$BASE_IMAGE" -t "$APP_IMAGE" -f "$ROOT/Dockerfile" "$ROOT"
log "built $APP_IMAGE ($(podman_ image inspect --format '{{.Size}}' "$APP_IMAGE") bytes)"
