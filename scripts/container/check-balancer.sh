#!/usr/bin/env bash
# Two containers of the image behind nginx with deploy/nginx.conf, on one PostgreSQL database: what
# compose.yaml sets up, with the machine's PostgreSQL and Debian's nginx instead of their images (which
# cannot be pulled everywhere), all on loopback (--network host). Run after check.sh, on the image it built.
#
#   1. both servers answer, and nginx spreads requests over both;
#   2. a token issued through one server works on the other (sessions are in PostgreSQL);
#   3. one server is killed (SIGKILL) in the middle of a run of GETs and started again: no GET fails
#      (nginx retries it on the other), and the restarted server gets requests again.
#
# Environment: APP_IMAGE, BALANCER_PORT (39320; the servers use the next two ports), CHECK_PG.
# Needs nginx and envsubst (Debian: nginx, gettext-base); nginx runs from a temporary prefix, not as a service.

# shellcheck source=scripts/container/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
need podman psql curl nginx envsubst

PORT="${BALANCER_PORT:-39320}"
APP_PORTS=($((PORT + 1)) $((PORT + 2)))
PG="${CHECK_PG:-postgres://postgres@127.0.0.1:5432}"
DATABASE="manara_balancer_check_$$"
APPS=("manara-balancer-1-$$" "manara-balancer-2-$$")
work="$(mktemp -d "${TMPDIR:-/tmp}/manara-balancer.XXXXXX")"
# nginx's workers run as an unprivileged user and keep large responses in temp files under the prefix.
chmod 755 "$work"
nginx_pid=""

cleanup() {
  local status=$?
  [[ -n "$nginx_pid" ]] && kill "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null
  remove_containers "${APPS[@]}"
  psql "$PG/postgres" -qc "DROP DATABASE IF EXISTS $DATABASE WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT

podman_ image exists "$APP_IMAGE" || {
  log "no image $APP_IMAGE: run scripts/container/build.sh first"
  exit 1
}
podman_can_run "$APP_IMAGE"

psql "$PG/postgres" -qc "CREATE DATABASE $DATABASE" >/dev/null
secret="$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')"
signing_key="$(credential_key)"
for i in 0 1; do
  # The first server migrates the empty database; the second waits for the advisory lock, then finds it done.
  start_app "${APPS[$i]}" "${APP_PORTS[$i]}" \
    --env "DATABASE_URL=$PG/$DATABASE" --env "SESSION_SECRET=$secret" \
    --env "CREDENTIAL_SIGNING_KEY=$signing_key" \
    --env "PUBLIC_URL=http://127.0.0.1:$PORT" --env TRUST_PROXY=1
done
for i in 0 1; do wait_healthy "${APPS[$i]}" "${APP_PORTS[$i]}"; done

# shellcheck disable=SC2016 # envsubst is given the variables' names, not their values
MANARA_UPSTREAM_1="127.0.0.1:${APP_PORTS[0]}" MANARA_UPSTREAM_2="127.0.0.1:${APP_PORTS[1]}" \
  NGINX_LISTEN="127.0.0.1:$PORT" \
  envsubst '${MANARA_UPSTREAM_1} ${MANARA_UPSTREAM_2} ${NGINX_LISTEN}' <"$ROOT/deploy/nginx.conf" >"$work/nginx.conf"
# Appending, so the log can be emptied between steps while nginx writes to it.
nginx -p "$work/" -c nginx.conf >>"$work/access.log" 2>>"$work/error.log" &
nginx_pid=$!
for _ in $(seq 1 50); do curl -s -o /dev/null "http://127.0.0.1:$PORT/healthz" && break; sleep 0.1; done

served_by() { # upstream-port: how many logged requests that server answered (as the last one tried)
  grep -c "upstream=\([^ ]*, \)*127.0.0.1:$1 upstream_status=\([0-9]*, \)*200$" "$work/access.log" || true
}

# --- 1. Both servers answer through nginx -----------------------------------------------------------------
bad=0
: >"$work/access.log"
for _ in $(seq 1 20); do
  [[ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/")" == 200 ]] || bad=$((bad + 1))
done
first="$(served_by "${APP_PORTS[0]}")"
second="$(served_by "${APP_PORTS[1]}")"
if ((bad == 0 && first > 0 && second > 0)); then
  pass "20 GET / through nginx: all 200, $first answered by server 1 and $second by server 2"
else
  fail "20 GET / through nginx: $bad not 200, $first by server 1, $second by server 2"
fi

# --- 2. A token from one server works on the other ---------------------------------------------------------
token="$(curl -s -H 'Content-Type: application/json' \
  --data '{"userName":"Balancer Check","email":"balancer-check@example.com","password":"balancer-check-password"}' \
  "http://127.0.0.1:$PORT/api/auth/signup" | sed -n 's/.*"token":"\([^"]*\)".*/\1/p')"
bad=0
for i in 0 1; do
  status="$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $token" \
    "http://127.0.0.1:${APP_PORTS[$i]}/api/auth/me")"
  [[ "$status" == 200 ]] || bad=$((bad + 1))
done
if [[ -n "$token" ]] && ((bad == 0)); then
  pass "a token issued through nginx is accepted by server 1 and by server 2"
else
  fail "the token (${token:+present}${token:-missing}) was refused by $bad server(s)"
fi

# --- 3. Kill one server in the middle of a run of GETs, then start it again ------------------------------
paths=(/ /ar /courses /healthz /api/courses /ar/courses)
: >"$work/statuses"
before="$(served_by "${APP_PORTS[0]}")"
for n in $(seq 1 60); do
  if ((n == 15)); then
    podman_ kill --signal KILL "${APPS[0]}" >/dev/null 2> >(quiet)
    log "killed server 1 (SIGKILL) after 14 requests"
  fi
  if ((n == 35)); then
    podman_ start "${APPS[0]}" >/dev/null 2> >(quiet)
    log "started server 1 again after 34 requests"
  fi
  curl -s -o /dev/null -w '%{http_code}\n' "http://127.0.0.1:$PORT${paths[n % ${#paths[@]}]}" >>"$work/statuses"
  sleep 0.1
done
wait_healthy "${APPS[0]}" "${APP_PORTS[0]}"
not_ok="$(grep -vc '^200$' "$work/statuses" || true)"
retried="$(grep -c 'upstream=[^ ]*, ' "$work/access.log" || true)"
if [[ "$not_ok" == 0 ]]; then
  pass "60 GETs while server 1 was killed and restarted: all 200 ($retried answered after a retry)"
else
  fail "60 GETs while server 1 was killed and restarted: $not_ok not 200 ($(sort "$work/statuses" | uniq -c | tr '\n' ' '))"
fi
# After fail_timeout (5 s) nginx sends server 1 its share again.
sleep 6
for _ in $(seq 1 20); do curl -s -o /dev/null "http://127.0.0.1:$PORT/healthz"; done
after="$(served_by "${APP_PORTS[0]}")"
if ((after > before)); then
  pass "the restarted server 1 answers through nginx again ($((after - before)) more requests)"
else
  fail "server 1 got no requests after its restart"
fi

if ((failures > 0)); then
  log "$failures check(s) failed; nginx's log: $(tail -n 5 "$work/error.log")"
  exit 1
fi
log "all balancer checks passed"
