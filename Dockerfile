# syntax=docker/dockerfile:1
# Manara in a container: `npm start` semantics (migrate, then serve under the crash-restarting supervisor)
# on a slim, non-root runtime with production dependencies only.
#
#   docker build -t manara .            (or: podman build --format docker -t manara .)
#   docker run --init -p 3000:3000 \
#     -e DATABASE_URL=postgres://user:pass@db:5432/manara -e SESSION_SECRET=$(openssl rand -hex 32) \
#     -e CREDENTIAL_SIGNING_KEY=<npm run credentials:new-key> \
#     -e PUBLIC_URL=https://manara.example manara
#
# Without DATABASE_URL it falls back to embedded PGlite under DATA_DIR (/data: mount a volume there), seeded
# with demo content as `npm start` does: fine for a trial, not for production.
#
# BASE_IMAGE is any Debian bookworm image with Node 24 and npm under /usr/local and a user `node` (uid 1000):
# Docker Hub's official image by default; where that cannot be pulled, the one scripts/container/build-base.sh
# makes from debootstrap and the npm registry (docs/decisions/049-container-build.md). The image was built
# and run with podman on the latter; scripts/container/check.sh does it again.

ARG BASE_IMAGE=node:24-bookworm-slim

# 1. Every dependency, exactly as locked (the build needs the dev tools).
#    A build secret `ca_certs` (a PEM bundle) is trusted by npm on top of Node's own CAs, for networks that
#    reach the registry through a TLS-inspecting proxy; it is mounted for the one step, never stored in a layer.
FROM ${BASE_IMAGE} AS deps
# @ibm/plex-sans-arabic's install script reports installs to IBM unless told not to.
ENV IBM_TELEMETRY_DISABLED=true
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=secret,id=ca_certs \
  if [ -f /run/secrets/ca_certs ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca_certs; fi \
  && npm ci --no-audit --no-fund

# 2. The React Router build, and the scripts a container runs bundled into plain JavaScript so the runtime
#    needs no tsx, with node_modules packages left as imports: build/start.mjs is `npm start` (config check,
#    migrations under the advisory lock, seeding only for an empty embedded database, supervisor),
#    build/seed.mjs is `npm run db:seed`, and build/worker.mjs is `npm run worker`, for a container that only
#    works jobs (compose.yaml's worker).
FROM deps AS build
COPY . .
RUN npx react-router build \
  && bundle() { node_modules/.bin/esbuild "scripts/$1.ts" --bundle --platform=node --format=esm \
       --target=node24 --packages=external --log-level=warning --outfile="build/$2.mjs"; } \
  && bundle start start \
  && bundle db-seed seed \
  && bundle worker worker

# 3. Production dependencies only. The node-linux-* packages are Node itself, which the project carries for
#    machines whose own Node is too old (decision 037); the image has its Node, so that copy (190 MB) goes.
FROM ${BASE_IMAGE} AS prod-deps
ENV IBM_TELEMETRY_DISABLED=true
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=secret,id=ca_certs \
  if [ -f /run/secrets/ca_certs ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca_certs; fi \
  && npm ci --omit=dev --no-audit --no-fund \
  && rm -rf node_modules/node-linux-* node_modules/.bin/node \
  && npm cache clean --force

# 4. The runtime: build output, server, migrations. No sources and no package-lock.json, so start's
#    "rebuild when the sources changed" check never tries to build, provided the build is the newest thing
#    in the image: it compares modification times, and the COPY of the demo videos creates app/ after the
#    build stage wrote build/ (a cold build started "Building Manara…" and failed). The last RUN touches it.
FROM ${BASE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# Debian's Chromium prints the certificate PDFs (tagged, Arabic that copies out right: decision 054). Without
# it the server falls back to @react-pdf/renderer and says so; build with --build-arg CHROMIUM=no for that.
# Debian's ffmpeg makes the light versions of lesson videos (decision 058); without it they are marked
# failed and the originals play.
ARG CHROMIUM=yes
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ffmpeg \
    && if [ "$CHROMIUM" = yes ]; then \
      DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium; \
    fi \
    && rm -rf /var/lib/apt/lists/*
COPY --from=prod-deps /app/node_modules ./node_modules
# package.json says "type": "module", which build/server/index.js needs.
COPY package.json server.mjs ./
COPY server ./server
COPY drizzle ./drizzle
# The demo lesson videos the seed copies into DATA_DIR/media/videos.
COPY app/seed/data/videos ./app/seed/data/videos
COPY app/seed/data/captions ./app/seed/data/captions
COPY --from=build /app/build ./build
RUN mkdir -p /data && chown node:node /data && touch build/server/index.js
USER node
EXPOSE 3000
# No curl in the slim image; Node's fetch does the same. /healthz never writes to the database.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The supervisor handles SIGTERM (the server drains for up to 10 s: give `docker stop` at least --time 15).
STOPSIGNAL SIGTERM
CMD ["node", "build/start.mjs"]
