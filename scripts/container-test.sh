#!/usr/bin/env bash
# The container test (issue 28): builds the Dockerfile with podman on a base image made here from
# Debian's packages (scripts/container-base.sh; no image registry is reachable), starts the image
# against the host's PostgreSQL (a fresh database), waits for its health check, loads pages, checks
# that jemalloc is in use, stops it with SIGTERM and expects a clean exit.
#
#   bash scripts/container-test.sh
#
# Root only (apt-get installs podman, runc and debootstrap when missing). The base image and the
# build's layers stay in podman's store, so a rerun rebuilds only what changed (npm ci runs again
# only when package-lock.json changed). Prints "container test SKIPPED: <reason>" and exits 0 only
# where podman cannot run containers at all; every other failure exits non-zero.
# TEST_POSTGRES_URL: the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

skip() {
  echo "container test SKIPPED: $*"
  exit 0
}
log() { printf '[container-test %s] %s\n' "$(date +%T)" "$*"; }

if [[ $(id -u) -ne 0 ]]; then skip "not root (podman with runc and cgroupfs as set up here needs root)"; fi
missing=()
for tool in podman runc debootstrap; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if ((${#missing[@]} > 0)); then
  log "installing ${missing[*]} from Debian's packages"
  if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    podman runc debootstrap uidmap >/dev/null; }; then
    skip "podman, runc or debootstrap could not be installed with apt-get"
  fi
fi

# Every podman call: runc (crun is not set up here), cgroupfs (no systemd), and limits the sandbox
# allows (podman's default nofile of 1048576 is refused: "error setting rlimit type 7").
podman_cmd=(podman --runtime runc --cgroup-manager=cgroupfs)
limits=(--ulimit nofile=20000:20000 --ulimit nproc=4096:4096)
if ! info=$("${podman_cmd[@]}" info 2>&1); then skip "podman info fails: ${info##*$'\n'}"; fi

started=$(date +%s)
base=$(bash scripts/container-base.sh | tail -n 1)
base="localhost/${base#localhost/}"
if ! probe=$("${podman_cmd[@]}" run --rm --network host "${limits[@]}" "$base" true 2>&1); then
  skip "podman cannot run a container here: ${probe##*$'\n'}"
fi
log "base image $base ready after $(($(date +%s) - started)) s"

ca_bundle=/etc/ssl/certs/ca-certificates.crt
ca_mount=()
if [[ -f $ca_bundle ]]; then
  ca_mount=(-v "$ca_bundle:$ca_bundle:ro" --build-arg "NODE_EXTRA_CA_CERTS=$ca_bundle")
fi
image=localhost/bouwsteen:container-test
build_started=$(date +%s)
# --format docker keeps the HEALTHCHECK (OCI images have none); --network host: npm and apt reach
# their registries as this machine does; the CA bundle is mounted for the build, never copied.
"${podman_cmd[@]}" build --format docker --layers --network host "${limits[@]}" "${ca_mount[@]}" \
  --build-arg "NODE_IMAGE=$base" -t "$image" .
log "image built in $(($(date +%s) - build_started)) s ($("${podman_cmd[@]}" image inspect --format '{{.Size}}' "$image") bytes)"

postgres_url=${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}
database="bouwsteen_container_$(date +%s)_$$"
name="bouwsteen-container-test-$$"
port=$(npm exec --offline -- node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
cleanup() {
  "${podman_cmd[@]}" rm -f -t 0 "$name" >/dev/null 2>&1 || true
  psql "$postgres_url" -qc "DROP DATABASE IF EXISTS \"$database\" WITH (FORCE)" >/dev/null 2>&1 || true
}
trap cleanup EXIT
psql "$postgres_url" -qc "CREATE DATABASE \"$database\""
database_url="${postgres_url%/*}/$database"

run_started=$(date +%s)
"${podman_cmd[@]}" run -d --name "$name" --network host "${limits[@]}" --health-interval disable \
  -e PORT="$port" -e HOST=127.0.0.1 -e DATABASE_URL="$database_url" \
  -e ADMIN_EMAIL=admin@container.test -e ADMIN_PASSWORD=container-test-password-0000 \
  -e SEED_DEMO=true -e LOG_LEVEL=warn "$image" >/dev/null

# The image's own HEALTHCHECK (GET /readyz from inside the container), run until it passes (by
# hand: podman's own timer needs systemd, hence --health-interval disable above; podman 4.3 still
# logs that it cannot reach systemd to remove a timer, which is harmless).
healthy=''
for _ in $(seq 1 120); do
  if "${podman_cmd[@]}" healthcheck run "$name" >/dev/null 2>&1; then
    healthy=yes
    break
  fi
  if [[ $("${podman_cmd[@]}" inspect --format '{{.State.Running}}' "$name") != true ]]; then break; fi
  sleep 1
done
if [[ -z $healthy ]]; then
  "${podman_cmd[@]}" logs "$name" 2>&1 | tail -n 40
  log "FAILED: the container did not become healthy"
  exit 1
fi
log "healthy $(($(date +%s) - run_started)) s after podman run"

fail() {
  "${podman_cmd[@]}" logs "$name" 2>&1 | tail -n 40
  log "FAILED: $*"
  exit 1
}
home=$(curl -sS -o /tmp/container-test-home.$$ -w '%{http_code}' "http://127.0.0.1:$port/")
grep -q '<html' /tmp/container-test-home.$$ || fail "GET / answered $home without a page"
[[ $home == 200 ]] || fail "GET / answered $home"
rm -f /tmp/container-test-home.$$
asset=$(grep -o '/assets/[^"]*\.js' <(curl -sS "http://127.0.0.1:$port/") | head -n 1)
[[ -n $asset ]] || fail "the home page links no script"
encoding=$(curl -sS -o /dev/null -D - -H 'accept-encoding: br' "http://127.0.0.1:$port$asset" | tr -d '\r' |
  awk -F': ' 'tolower($1)=="content-encoding"{print $2}')
[[ $encoding == br ]] || fail "the build's precompressed script $asset was not served as brotli ($encoding)"
api=$(curl -sS -o /dev/null -w "%{http_code}" "http://127.0.0.1:$port/healthz")
[[ $api == 200 ]] || fail "GET /healthz answered $api"
signin=$(curl -sS -o /dev/null -w '%{http_code}' -H 'content-type: application/json' \
  -d '{"email":"admin@container.test","password":"container-test-password-0000"}' \
  "http://127.0.0.1:$port/api/auth:signIn")
[[ $signin == 200 ]] || fail "the admin could not sign in ($signin)"
"${podman_cmd[@]}" exec "$name" grep -q jemalloc /proc/1/maps || fail "jemalloc is not loaded in the server"
user=$("${podman_cmd[@]}" exec "$name" id -un)
[[ $user == node ]] || fail "the server runs as $user, not node"
log "GET / 200, $asset as brotli, GET /healthz 200, admin signed in, jemalloc loaded, user node"

stop_started=$(date +%s)
"${podman_cmd[@]}" stop -t 20 "$name" >/dev/null
code=$("${podman_cmd[@]}" inspect --format '{{.State.ExitCode}}' "$name")
[[ $code == 0 ]] || fail "the server exited with $code on SIGTERM"
log "stopped with SIGTERM in $(($(date +%s) - stop_started)) s, exit code 0"
log "container test passed in $(($(date +%s) - started)) s"
