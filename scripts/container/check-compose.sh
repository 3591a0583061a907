#!/usr/bin/env bash
# Runs compose.yaml with podman-compose and checks the stack through nginx: both app servers answer, pages
# in both languages, a token from one server works on the other; the demo seed runs; an image uploaded
# through nginx is stored in the bucket and served by either server; the worker service (the app servers work no jobs) delivers the
# sign-up's mail and checks a video uploaded through nginx into the bucket, which then plays with Range;
# stopping one server fails no GET.
# Where Docker Hub's images cannot be pulled (STANDINS=1, the default here), PostgreSQL, nginx and the S3
# store come from stand-in images built on the debootstrap base (scripts/container/standins/, laid over
# compose.yaml by compose.standins.yaml); the app servers and the nginx config are compose.yaml's own.
# Run after check.sh, on the image it built. Everything is taken down at the end (volumes too).
#
# Environment: COMPOSE_PORT (39330: nginx publishes on 127.0.0.1 only), STANDINS (1), APP_IMAGE.

# shellcheck source=scripts/container/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
need podman podman-compose curl

PORT="${COMPOSE_PORT:-39330}"
PROJECT="manara-check-$$"
files=(-f "$ROOT/compose.yaml")
[[ "${STANDINS:-1}" == 1 ]] && files+=(-f "$ROOT/scripts/container/compose.standins.yaml")
export SESSION_SECRET CREDENTIAL_SIGNING_KEY MANARA_HTTP_PORT="127.0.0.1:$PORT"
SESSION_SECRET="$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')"
CREDENTIAL_SIGNING_KEY="$(credential_key)"
export PUBLIC_URL="http://127.0.0.1:$PORT"
# s3rver, the S3 stand-in, has one account (scripts/container/standins/garage-standin.sh).
[[ "${STANDINS:-1}" == 1 ]] && export S3_ACCESS_KEY_ID=S3RVER S3_SECRET_ACCESS_KEY=S3RVER

compose() { podman-compose -p "$PROJECT" "${files[@]}" "$@"; }
container() { echo "${PROJECT}_$1_1"; }

cleanup() {
  local status=$?
  compose down --volumes >/dev/null 2>&1 || compose down >/dev/null 2>&1 || true
  # podman-compose 1.0.3's `down` leaves the project's volumes and network behind.
  podman_ volume ls --quiet --filter "label=io.podman.compose.project=$PROJECT" | xargs -r podman volume rm >/dev/null 2>&1 || true
  podman_ network rm "${PROJECT}_default" >/dev/null 2>&1 || true
  exit "$status"
}
trap cleanup EXIT

podman_ image exists "$APP_IMAGE" || {
  log "no image $APP_IMAGE: run scripts/container/build.sh first"
  exit 1
}
podman_can_run "$APP_IMAGE"
# compose.yaml names the image manara:latest, which podman finds as localhost/manara:latest.
[[ "$APP_IMAGE" == localhost/manara:latest ]] || podman_ tag "$APP_IMAGE" localhost/manara:latest

if [[ "${STANDINS:-1}" == 1 ]]; then
  secret=()
  [[ -f /etc/ssl/certs/ca-certificates.crt ]] && secret=(--secret "id=ca_certs,src=/etc/ssl/certs/ca-certificates.crt")
  for standin in postgres nginx s3rver; do
    log "stand-in image manara-standin-$standin"
    nice -n 10 podman "${PODMAN_GLOBAL[@]}" build "${PODMAN_BUILD_FLAGS[@]}" "${secret[@]}" --quiet \
      --build-arg "BASE_IMAGE=$BASE_IMAGE" -t "localhost/manara-standin-$standin:latest" \
      -f "$ROOT/scripts/container/standins/$standin.Containerfile" "$ROOT/scripts/container/standins" >/dev/null
  done
fi

# podman-compose 1.0.3 starts services in dependency order but does not wait for health: an app server
# that finds PostgreSQL not ready yet exits, and its restart policy starts it again.
log "podman-compose up (project $PROJECT, nginx on 127.0.0.1:$PORT)"
compose up -d >"${TMPDIR:-/tmp}/$PROJECT-up.log" 2>&1 || {
  tail -n 30 "${TMPDIR:-/tmp}/$PROJECT-up.log" >&2
  exit 1
}

for second in $(seq 1 120); do
  if [[ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/healthz")" == 200 ]]; then
    pass "the stack answers /healthz through nginx after ${second} s"
    break
  fi
  if ((second == 120)); then
    fail "no /healthz through nginx after 120 s"
    for service in postgres garage app1 app2 worker nginx; do
      log "--- $service"
      podman_ logs --tail 15 "$(container "$service")" 2>&1 | grep -v 'systemd connection' >&2 || true
    done
    exit 1
  fi
  sleep 1
done
# Runs a Node script inside a service's container (the servers listen on 127.0.0.1:3000 there); its exit
# status is the answer.
node_in() { podman_ exec "$(container "$1")" node -e "$2" 2>/dev/null; }
# How many of app1 and app2 fail the script.
refusals() {
  local count=0 app
  for app in app1 app2; do node_in "$app" "$1" || count=$((count + 1)); done
  echo "$count"
}

# Both servers must be up before the balance is judged, not only the first to answer.
healthy="fetch('http://127.0.0.1:3000/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
for app in app1 app2; do within 60 node_in "$app" "$healthy" || log "$app does not answer /healthz yet"; done

for path in / /ar /courses /ar/courses /api/courses; do
  status="$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT$path")"
  if [[ "$status" == 200 ]]; then pass "GET $path through nginx: 200"; else fail "GET $path through nginx: $status"; fi
done
page="$(curl -s "http://127.0.0.1:$PORT/ar")"
if [[ "$page" == *'<html lang="ar" dir="rtl"'* && "$page" == *"منارة</title>"* ]]; then
  pass "/ar is the Arabic page"
else
  fail "/ar is not the Arabic page"
fi

for _ in $(seq 1 10); do curl -s -o /dev/null "http://127.0.0.1:$PORT/healthz"; done
log_lines="$(podman_ logs "$(container nginx)" 2>/dev/null)"
upstreams="$(grep -o 'upstream=[^ ]*' <<<"$log_lines" | sort -u | tr '\n' ' ')"
if [[ "$(grep -o 'upstream=[^ ,]*:3000 ' <<<"$log_lines" | sort -u | wc -l)" -ge 2 ]]; then
  pass "nginx spreads requests over both servers ($upstreams)"
else
  fail "nginx used only: $upstreams"
fi

token="$(curl -s -H 'Content-Type: application/json' \
  --data '{"userName":"Compose Check","email":"compose-check@example.com","password":"compose-check-password"}' \
  "http://127.0.0.1:$PORT/api/auth/signup" | sed -n 's/.*"token":"\([^"]*\)".*/\1/p')"
bad="$(refusals "fetch('http://127.0.0.1:3000/api/auth/me', { headers: { authorization: 'Bearer $token' } }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))")"
if [[ -n "$token" ]] && ((bad == 0)); then
  pass "a token issued through nginx works on app1 and app2 (one PostgreSQL)"
else
  fail "token ${token:+present}${token:-missing}, refused by $bad server(s)"
fi

if podman_ exec "$(container app1)" node -e \
  "fetch('http://garage:3900/manara').then((r) => process.exit(r.status < 500 ? 0 : 1), () => process.exit(1))" 2>/dev/null; then
  pass "the S3 store answers the app servers at http://garage:3900 (S3_ENDPOINT)"
else
  fail "the S3 store is not reachable from app1 at http://garage:3900"
fi

psql_() { podman_ exec "$(container postgres)" psql -U manara -d manara -tAc "$1" 2>/dev/null || true; }

if podman_ logs "$(container worker)" 2>&1 | grep -q "Manara job worker running (postgres)"; then
  pass "the worker service runs build/worker.mjs on PostgreSQL"
else
  fail "the worker service did not start: $(podman_ logs --tail 5 "$(container worker)" 2>&1 | grep -v "systemd connection")"
fi

# The sign-up above queued its welcome mail; only the worker works jobs here (JOBS_WORKER=0 on app1, app2).
mail_done() { [[ "$(psql_ "select state from pgboss.job where name = 'mail' order by created_on limit 1")" == completed ]]; }
if within 60 mail_done; then
  pass "the worker service delivered the sign-up's mail job"
else
  fail "the sign-up's mail job is $(psql_ "select state from pgboss.job where name = 'mail'" || echo missing)"
fi

# The demo seed, run in app1 (its demo videos go to the bucket).
if podman_ exec "$(container app1)" node build/seed.mjs >"${TMPDIR:-/tmp}/$PROJECT-seed.log" 2>&1; then
  pass "the demo seed ran in app1"
else
  fail "the demo seed failed: $(tail -n 5 "${TMPDIR:-/tmp}/$PROJECT-seed.log")"
fi
login="$(curl -s -H 'Content-Type: application/json' \
  --data '{"email":"trainer@manara.local","password":"manara-demo"}' "http://127.0.0.1:$PORT/api/auth/login")"
trainer_token="$(sed -n 's/.*"token":"\([^"]*\)".*/\1/p' <<<"$login")"

# A course image uploaded through nginx: resized by the server that takes it, stored in the bucket, served
# by either server, and no file left on a server's disk.
image_answer="$(curl -s -H "Authorization: Bearer $trainer_token" \
  -F "file=@$ROOT/public/images/blog/seo-for-arabic-websites.jpg" "http://127.0.0.1:$PORT/api/cloudinary/upload")"
image="$(grep -o '/media/images/manara_[0-9a-f]*\.webp' <<<"$image_answer" | head -n 1 || true)"
bad="$(refusals "fetch('http://127.0.0.1:3000$image').then(async (r) => process.exit(r.status === 200 && r.headers.get('content-type') === 'image/webp' && (await r.arrayBuffer()).byteLength > 0 ? 0 : 1), () => process.exit(1))")"
local_files="$(podman_ exec "$(container app1)" sh -c 'find /data -type f 2>/dev/null | wc -l')$(
  podman_ exec "$(container app2)" sh -c 'find /data -type f 2>/dev/null | wc -l')"
if [[ -n "$image" ]] && ((bad == 0)) && [[ "$local_files" == 00 ]]; then
  pass "an image uploaded through nginx ($image) is served by app1 and app2 from the bucket; no file on their disks"
else
  fail "image upload '$image_answer': refused by $bad server(s); files under /data (app1, app2): $local_files"
fi

# A video through nginx: streamed into the bucket by the server that takes it, checked by the worker's
# video-check job (it reads the object back from the bucket), then played with Range.
lesson="$(psql_ "select l.id from lessons l join courses c on c.id = l.course_id join users u on u.id = c.trainer_id
  where u.email = 'trainer@manara.local' and l.video_id is null order by l.id limit 1")"
uploaded="$(curl -s -H "Authorization: Bearer $trainer_token" \
  -F "file=@$ROOT/app/seed/data/videos/manara-demo-2.mp4;type=video/mp4" \
  "http://127.0.0.1:$PORT/api/instructor/upload-video?lessonId=$lesson")"
video="$(sed -n 's/.*"videoId":"\([^"]*\)".*/\1/p' <<<"$uploaded")"
video_ready() {
  curl -s -H "Authorization: Bearer $trainer_token" "http://127.0.0.1:$PORT/api/instructor/video-status/$video" |
    grep -q '"status":"ready"'
}
if [[ -n "$video" && "$uploaded" == *'"status":"processing"'* ]] && within 60 video_ready; then
  pass "a video uploaded through nginx was checked by the worker and is ready ($uploaded)"
else
  fail "the video upload: '$uploaded', status $(curl -s -H "Authorization: Bearer $trainer_token" \
    "http://127.0.0.1:$PORT/api/instructor/video-status/$video")"
fi
range="$(curl -s -o /dev/null -w '%{http_code} %{size_download}' -H "Authorization: Bearer $trainer_token" \
  -H 'Range: bytes=100-199' "http://127.0.0.1:$PORT/media/videos/$video")"
if [[ "$range" == "206 100" ]]; then
  pass "the video plays from the bucket with Range (206, 100 bytes)"
else
  fail "GET /media/videos/$video with Range: $range"
fi

podman_ stop --time 15 "$(container app1)" >/dev/null 2>&1
bad=0
for n in $(seq 1 20); do
  [[ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/courses?n=$n")" == 200 ]] || bad=$((bad + 1))
done
if ((bad == 0)); then pass "app1 stopped: 20 GETs through nginx all 200"; else fail "app1 stopped: $bad of 20 GETs failed"; fi
podman_ start "$(container app1)" >/dev/null 2>&1

if ((failures > 0)); then
  log "$failures check(s) failed"
  exit 1
fi
log "all compose checks passed"
