#!/usr/bin/env bash
# The README's two commands, tried as a newcomer would: a clone in a private (0700) folder,
# `npm install && npm start` until the app answers healthy, then the test command's database
# set-up; as root, the same again as an unprivileged user in their own private folder, started
# while the first is still running (so the two checkouts must not collide on any port).
# Run by .ci/run; run it yourself with `bash scripts/check-fresh-clone.sh` (takes a few minutes).
set -euo pipefail

source_repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)" # mktemp makes it 0700: the case that once broke the embedded database
pids=()
extra_folders=()
cleanup() {
  for pid in "${pids[@]}"; do kill -INT -- "-$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work" "${extra_folders[@]}"
}
trap cleanup EXIT

say() { printf '\n== %s\n' "$*"; }

# Starts `npm start` in $1 as user $2 (empty: this user), in its own process group; waits until
# /api/health answers ok and sets $started_url. Not called in $(…): the pid must reach `pids`.
start_and_wait() {
  local dir="$1" user="$2" log="$1/start.log"
  if [ -n "$user" ]; then
    setsid runuser -u "$user" -- env HOME="$dir/.home" npm_config_cache="$dir/.home/.npm" bash -c "cd '$dir' && exec npm start" >"$log" 2>&1 &
  else
    setsid bash -c "cd '$dir' && exec npm start" >"$log" 2>&1 &
  fi
  pids+=("$!")
  local url=""
  for _ in $(seq 1 600); do
    url="$(grep -o '"url":"http://localhost:[0-9]*"' "$log" | head -1 | cut -d'"' -f4 || true)"
    if [ -n "$url" ] && curl -fsS "$url/api/health" >/dev/null 2>&1; then started_url="$url"; return 0; fi
    if ! kill -0 "${pids[-1]}" 2>/dev/null; then break; fi
    sleep 0.5
  done
  echo "npm start did not become healthy in $dir:" >&2
  tail -40 "$log" >&2
  return 1
}


say "clone into a private folder: $work/byline ($(stat -c %a "$work"))"
git clone -q "$source_repo" "$work/byline"
cd "$work/byline"
say "npm install"
npm install --no-audit --no-fund >"$work/install.log" 2>&1 || { tail -40 "$work/install.log"; exit 1; }

say "npm start"
start_and_wait "$work/byline" ""
first_url="$started_url"
echo "healthy at $first_url"

if [ "$(id -u)" = 0 ] && command -v runuser >/dev/null; then
  id byline-newcomer >/dev/null 2>&1 || useradd --create-home --shell /bin/bash byline-newcomer
  other="$(mktemp -d)" # their own private folder (0700), outside ours
  extra_folders+=("$other")
  say "as an unprivileged user, beside the running one: $other"
  # The same clone with its install and build, owned by that user.
  cp -a "$work/byline" "$other/byline"
  rm -rf "$other/byline/.data" "$other/byline/start.log"
  mkdir -p "$other/byline/.home"
  chown -R byline-newcomer: "$other"
  start_and_wait "$other/byline" byline-newcomer
  second_url="$started_url"
  echo "healthy at $second_url"
  [ "$first_url" != "$second_url" ] || { echo "both checkouts claim $first_url" >&2; exit 1; }
fi

say "the test command's database set-up, from the private folder"
npm test -- --project server server/src/modules/health/health.test.ts

say "stop: no PostgreSQL may be left behind"
for pid in "${pids[@]}"; do kill -INT -- "-$pid" 2>/dev/null || true; done
# npm may exit before the server it started has finished shutting down: wait for every process
# of each start's group, then for the databases they stop (each bounded to 60 s).
# Only the clones' own databases count (other work on this machine may start PostgreSQLs too): their
# data folders, in the clone or where the log says it moved them.
data_folders() {
  echo "$work/byline/.data/postgres"
  for folder in "${extra_folders[@]}"; do echo "$folder/byline/.data/postgres"; done
  cat "$work/byline/start.log" "${extra_folders[@]/%//byline/start.log}" 2>/dev/null | grep -o '"fallback":"[^"]*"' | cut -d'"' -f4 || true
}
left_postgres() {
  local folder
  data_folders | sort -u | while read -r folder; do
    [ -n "$folder" ] && pgrep -f -x ".*/postgres -D $folder .*" || true
  done
}
for pid in "${pids[@]}"; do
  for _ in $(seq 1 300); do pgrep -g "$pid" >/dev/null || break; sleep 0.2; done
done
for _ in $(seq 1 300); do [ -z "$(left_postgres)" ] && break; sleep 0.2; done
pids=()
left="$(left_postgres)"
if [ -n "$left" ]; then
  for log in "$work/byline/start.log" "${extra_folders[@]/%//byline/start.log}"; do
    [ -f "$log" ] && { echo "--- $log" >&2; tail -20 "$log" >&2; }
  done
  echo "a PostgreSQL outlived npm start:" >&2
  ps -o pid,user,args -p "$(echo $left | tr " " ",")" >&2
  exit 1
fi
say "fresh-clone check passed"
