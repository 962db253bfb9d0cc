#!/usr/bin/env bash
# CI's drill of deploy/upgrade.sh and deploy/rollback.sh (docs/deploy.md#upgrading), from a database
# made by the previous release: the committed dump of tests/fixtures/upgrade/ (its newest), run by
# the very release that made it (its commit, installed and built once into a cache), then
#   1. upgrade.sh --prepare: this repository's files, as a release tarball, installed and built
#      beside the running release, whose pages and assets still answer meanwhile;
#   2. upgrade.sh: backup, migrations, switch, start; the same rows, the accounts sign in over HTTP,
#      a member's session cookie from before still opens the portal, BACKUP_AFTER got the backup;
#   3. rollback.sh: the previous release again, on the backup taken by the upgrade (its migrations,
#      none of the newer tables), the same rows, the accounts sign in;
#   4. upgrade.sh again: the release installed already, migrated again, the same rows, sign-in.
# On the embedded database, and on PostgreSQL when given a server URL (a role that may create
# databases). With nginx installed, its maintenance answer (deploy/nginx-maintenance.conf) is
# checked while the site is stopped. No systemd here: the service is this script's `service`
# command (PPA_SYSTEMCTL), which runs `npm run serve` of PPA_HOME/current as systemd would.
#
#   deploy/ci-upgrade-check.sh [--reuse-build] [postgres://USER:PASSWORD@HOST:PORT/postgres]
#
# --reuse-build: the new release takes the repository's node_modules (same lock file) and its
# build when stamped with the hash of exactly its sources (scripts/build-if-changed.mjs), as the
# image check does. The previous release's cache: PPA_CI_CACHE (default /var/tmp/ppa-ci-releases).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
self=$repo/deploy/ci-upgrade-check.sh

# --- The service, as systemd would run it: `ci-upgrade-check.sh service start|stop NAME` ----------
if [ "${1:-}" = service ]; then
  home=${PPA_HOME:?}
  pid_file=$home/.ci-service.pid
  # Any process of the group still there (the server finishes its requests after the loader has gone).
  running() { [ -f "$pid_file" ] && kill -0 -- "-$(cat "$pid_file")" 2>/dev/null; }
  case "${2:-}" in
    start)
      running && exit 0
      release=$(cd "$home/current" && pwd -P)
      # A fresh environment with the settings file only, in the release's folder; a session (and
      # process group) of its own, whose id is the pid written down.
      cd "$release"
      setsid env -i PATH="$PATH" LANG=C.UTF-8 HOME="$home" \
        node -e 'process.loadEnvFile(process.argv[1]); require("node:child_process").spawnSync("npm", ["run", "--silent", "serve"], { stdio: "inherit" })' "$PPA_ENV_FILE" \
        >>"$home/service.log" 2>&1 </dev/null &
      echo $! >"$pid_file"
      ;;
    stop)
      if running; then
        kill -TERM -- "-$(cat "$pid_file")" 2>/dev/null || true
        for _ in $(seq 1 300); do
          running || break
          sleep 0.1
        done
        running && kill -KILL -- "-$(cat "$pid_file")" 2>/dev/null || true
      fi
      rm -f "$pid_file"
      ;;
    *) exit 2 ;;
  esac
  exit 0
fi

reuse_build=false
if [ "${1:-}" = "--reuse-build" ]; then
  reuse_build=true
  shift
fi
server_url=${1:-}

say() { printf '== %s\n' "$*"; }
# deploy/ci-upgrade-db.ts's commands, run by one process of it for the whole check (its `serve`):
# each command's output on stdout, its exit code db's. Started below, once the work folder is there.
db_in='' db_out=''
db() {
  [ -n "$db_in" ] || { echo "ci-upgrade-db.ts serve is not running" >&2; return 1; }
  printf '%s\0' "$#" "$@" >&"$db_in"
  local line
  while IFS= read -r line <&"$db_out"; do
    case $line in
      "@@ci-upgrade-db exit="*) return "${line#*=}" ;;
      *) printf '%s\n' "$line" ;;
    esac
  done
  echo "deploy/ci-upgrade-db.ts serve ended without finishing db $1" >&2
  return 1
}
field() { node -p 'const [file, key] = process.argv.slice(1); key.split(".").reduce((value, part) => value[part], require(file))' "$1" "$2"; }
free_port() { node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })'; }

fixture=$(ls "$repo"/tests/fixtures/upgrade/*.json | sort | tail -1)
dump=${fixture%.json}.sql
old_commit=$(field "$fixture" release)
old_name=previous-$(printf '%s' "$old_commit" | cut -c1-7)
admin_email=$(field "$fixture" people.admin.email)
admin_password=$(field "$fixture" people.admin.password)
member_email=$(field "$fixture" people.member.email)
member_password=$(field "$fixture" people.member.password)
member_name=$(field "$fixture" people.member.name)
member_cookie=$(field "$fixture" member.sessionCookie)
secret=$(field "$fixture" secret)

work=$(mktemp -d "${TMPDIR:-/tmp}/ppa-upgrade-check-XXXXXX")
databases=()
nginx_pid=
cleanup() {
  for home in "$work"/*/; do
    [ -f "$home/.ci-service.pid" ] && PPA_HOME=$home "$self" service stop ppa || true
  done
  [ -z "$nginx_pid" ] || kill "$nginx_pid" 2>/dev/null || true
  for database in "${databases[@]}"; do psql "$server_url" -qc "drop database if exists $database with (force)" >/dev/null 2>&1 || true; done
  # The end of its input ends ci-upgrade-db.ts serve.
  if [ -n "$db_in" ]; then
    exec {db_in}>&-
    wait "${db_serve_PID:-}" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
coproc db_serve { node --import tsx "$repo/deploy/ci-upgrade-db.ts" serve; }
db_out=${db_serve[0]} db_in=${db_serve[1]}

# --- The previous release, as it was: its commit's files, installed and built once ---------------
cache=${PPA_CI_CACHE:-/var/tmp/ppa-ci-releases}/$old_commit
if [ ! -f "$cache/.installed" ]; then
  say "the previous release $old_commit: installing and building it into $cache (once)"
  git -C "$repo" cat-file -e "$old_commit^{commit}" 2>/dev/null || git -C "$repo" fetch --quiet origin "$old_commit" ||
    { echo "commit $old_commit (tests/fixtures/upgrade) is not in this clone: fetch it (git fetch --unshallow)" >&2; exit 1; }
  rm -rf "$cache.partial"
  mkdir -p "$cache.partial"
  git -C "$repo" archive "$old_commit" | tar -x -C "$cache.partial"
  (cd "$cache.partial" && npm install --no-audit --no-fund --loglevel=error && npm run build >/dev/null)
  touch "$cache.partial/.installed"
  rm -rf "$cache"
  mv "$cache.partial" "$cache"
else
  say "the previous release $old_commit: installed in $cache"
fi

# --- This repository as a release tarball (the files git knows, in one folder, with its RELEASE) -
say "this repository as a release tarball"
mkdir -p "$work/tree/ppa"
(cd "$repo" && git ls-files -z --cached --others --exclude-standard | tar --null --ignore-failed-read -T - -cf - 2>/dev/null) | tar -xf - -C "$work/tree/ppa"
git -C "$repo" describe --tags --always --dirty >"$work/tree/ppa/RELEASE"
tar -czf "$work/release.tar.gz" -C "$work/tree" ppa
rm -rf "$work/tree"
$reuse_build && export PPA_REUSE_BUILD_FROM=$repo

# nginx in front, with the maintenance answer of deploy/nginx-maintenance.conf, when it is installed.
nginx_port=
start_nginx() {
  local site_port=$1 folder=$work/nginx
  command -v nginx >/dev/null || return 0
  nginx_port=$(free_port)
  mkdir -p "$folder"
  cat >"$folder/nginx.conf" <<EOF
$([ "$(id -u)" != 0 ] || echo 'user root;')
pid $folder/nginx.pid;
error_log $folder/error.log;
events {}
http {
  access_log off;
  client_body_temp_path $folder/body;
  proxy_temp_path $folder/proxy;
  fastcgi_temp_path $folder/fastcgi;
  uwsgi_temp_path $folder/uwsgi;
  scgi_temp_path $folder/scgi;
  server {
    listen 127.0.0.1:$nginx_port;
    set \$ppa_maintenance $repo/deploy;
    include $repo/deploy/nginx-maintenance.conf;
    location / { proxy_pass http://127.0.0.1:$site_port; }
  }
}
EOF
  nginx -c "$folder/nginx.conf" -g 'daemon off;' &
  nginx_pid=$!
  # Until it listens (any answer will do).
  for _ in $(seq 1 100); do
    curl -s -o /dev/null "http://127.0.0.1:$nginx_port/" && return 0
    kill -0 "$nginx_pid" 2>/dev/null || break
    sleep 0.1
  done
  echo "nginx did not start:" >&2
  cat "$folder/error.log" >&2
  exit 1
}
# While the site is stopped, nginx answers 503 with the maintenance page and Retry-After.
check_maintenance() {
  [ -n "$nginx_port" ] || return 0
  local headers=$work/nginx-headers body
  body=$(curl -s -D "$headers" "http://127.0.0.1:$nginx_port/events" || true)
  grep -q '^HTTP/1.1 503' "$headers" && grep -qi '^Retry-After: 30' "$headers" && grep -q 'The site is being updated' <<<"$body" ||
    { echo "nginx did not answer with the maintenance page while the site was stopped:" >&2; cat "$headers" >&2; exit 1; }
  echo "   nginx answers 503 with the maintenance page while the site is stopped"
}

# --- One drill, on one database --------------------------------------------------------------------
drill() {
  local kind=$1 database_url=${2:-} home=$work/$1 port base
  port=$(free_port)
  base=http://127.0.0.1:$port
  export PPA_HOME=$home PPA_ENV_FILE=$work/$kind.env PPA_USER
  PPA_USER=$(id -un)
  export PPA_SYSTEMCTL="$self service" PPA_READY_SECONDS=180
  mkdir -p "$home/releases" "$work/$kind-backups" "$work/$kind-offsite"
  ln -s "$cache" "$home/releases/$old_name"
  ln -s "releases/$old_name" "$home/current"
  {
    echo "NODE_ENV=production"
    echo "PORT=$port"
    echo "PUBLIC_URL=$base"
    echo "DATA_DIR=$work/$kind-data"
    [ -z "$database_url" ] || echo "DATABASE_URL=$database_url"
    echo "BETTER_AUTH_SECRET=$secret"
    echo "ALLOW_TEST_PAYMENTS=true"
    echo "MAIL_OUTBOX_ONLY=true"
    echo "AUTH_RATE_LIMIT=1000"
    echo "BACKUP_DIR=$work/$kind-backups"
    echo "BACKUP_AFTER=cp -Rp $work/$kind-backups/. $work/$kind-offsite/"
  } >"$PPA_ENV_FILE"

  say "$kind: the previous release's database (${fixture##*/}), and that release serving it"
  db load "$PPA_ENV_FILE" "$dump"
  db rows "$PPA_ENV_FILE" >"$work/$kind-rows-0.json"
  "$self" service start ppa
  . "$repo/deploy/release-lib.sh"
  wait_until_ready || { tail -50 "$home/service.log" >&2; exit 1; }
  db sign-in "$base" "$admin_email" "$admin_password"
  local asset
  asset=$(curl -s "$base/" | grep -o '/assets/[^"]*\.css' | head -1)
  [ -n "$asset" ] || { echo "no stylesheet on the previous release's home page" >&2; exit 1; }

  say "$kind: upgrade.sh --prepare (installs and builds beside the running release)"
  "$repo/deploy/upgrade.sh" --prepare "$work/release.tar.gz"
  [ "$(curl -s -o /dev/null -w '%{http_code}' "$base$asset")" = 200 ] && [ "$(curl -s -o /dev/null -w '%{http_code}' "$base/")" = 200 ] ||
    { echo "the running release stopped answering for its page or its stylesheet $asset while the new one was built" >&2; exit 1; }
  echo "   the running release still answers its home page and $asset"

  say "$kind: upgrade.sh"
  "$repo/deploy/upgrade.sh" --yes "$work/release.tar.gz"
  local new
  new=$(basename "$(readlink "$home/current")")
  [ "$new" != "$old_name" ] || { echo "current still points at $old_name" >&2; exit 1; }
  db sign-in "$base" "$admin_email" "$admin_password"
  db sign-in "$base" "$member_email" "$member_password"
  db portal "$base" "$member_cookie" "$member_name"
  local archive
  archive=$(sed -n 's/^backup=//p' "$home/releases/$new/.upgrade")
  cmp -s "$archive" "$work/$kind-offsite/$(basename "$archive")" || { echo "BACKUP_AFTER did not copy $archive" >&2; exit 1; }
  tar -xOf "$archive" manifest.json | grep -q "\"appVersion\": \"$(node -p "require('$repo/package.json').version")+" ||
    { echo "the backup's manifest does not name the version:" >&2; tar -xOf "$archive" manifest.json >&2; exit 1; }
  echo "   BACKUP_AFTER copied $(basename "$archive"); its manifest names version $(tar -xOf "$archive" manifest.json | node -p 'JSON.parse(require("fs").readFileSync(0, "utf8")).appVersion')"
  "$self" service stop ppa
  if [ "$kind" = embedded ]; then start_nginx "$port"; fi
  check_maintenance
  db rows "$PPA_ENV_FILE" >"$work/$kind-rows-1.json"
  db same "$work/$kind-rows-0.json" "$work/$kind-rows-1.json"
  "$self" service start ppa
  wait_until_ready

  say "$kind: rollback.sh"
  "$repo/deploy/rollback.sh" --yes
  [ "$(basename "$(readlink "$home/current")")" = "$old_name" ] || { echo "current does not point at $old_name after the rollback" >&2; exit 1; }
  db sign-in "$base" "$admin_email" "$admin_password"
  db sign-in "$base" "$member_email" "$member_password"
  "$self" service stop ppa
  db rows "$PPA_ENV_FILE" >"$work/$kind-rows-2.json"
  db same "$work/$kind-rows-0.json" "$work/$kind-rows-2.json"
  # The database is the previous release's again: its migrations, none of the newer tables.
  node -e '
    const [before, after] = process.argv.slice(1).map((file) => require(file));
    const tables = (rows) => Object.keys(rows).sort().join(" ");
    if (tables(before) !== tables(after) || before["drizzle.__drizzle_migrations"] !== after["drizzle.__drizzle_migrations"]) {
      console.error(`Not the previous release'"'"'s database: ${tables(after)}`);
      process.exit(1);
    }
    console.log(`   the previous release'"'"'s database again: ${after["drizzle.__drizzle_migrations"]} migrations, its ${Object.keys(after).length} tables`);
  ' "$work/$kind-rows-0.json" "$work/$kind-rows-2.json"
  "$self" service start ppa
  wait_until_ready

  say "$kind: upgrade.sh again (installed already)"
  "$repo/deploy/upgrade.sh" --yes "$work/release.tar.gz"
  db sign-in "$base" "$admin_email" "$admin_password"
  db sign-in "$base" "$member_email" "$member_password"
  "$self" service stop ppa
  db rows "$PPA_ENV_FILE" >"$work/$kind-rows-3.json"
  db same "$work/$kind-rows-0.json" "$work/$kind-rows-3.json"
}

drill embedded
if [ -n "$server_url" ]; then
  database="ppa_upgrade_$(date +%s)_$$"
  databases+=("$database")
  psql "$server_url" -v ON_ERROR_STOP=1 -qc "create database $database"
  drill postgresql "${server_url%/*}/$database"
fi
say "upgrade, rollback and upgrade again: the same rows and working sign-ins$([ -n "$server_url" ] && echo ', on both databases')"
