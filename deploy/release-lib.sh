# shellcheck shell=bash
# What deploy/upgrade.sh and deploy/rollback.sh share (docs/deploy.md#upgrading): the release layout,
# the settings, running the site's commands as its user, the service, and waiting for the site.
# Sourced, not run. The layout, under PPA_HOME (/srv/ppa):
#
#   releases/<version>-<commit>/   one folder per release, installed and built there (owned by root);
#                                  its RELEASE file says where it came from, .upgrade how it was reached
#   current -> releases/…          the release the service runs (WorkingDirectory=/srv/ppa/current)
#   previous -> releases/…         the one before it, which rollback.sh goes back to
#   repo/                          a clone of the association's repository, for git refs
#   backups/                       the backups taken before upgrades when BACKUP_DIR is not set
#
# The data (DATA_DIR, PostgreSQL) and the settings (/etc/ppa/ppa.env) are outside the releases, so a
# switch is one symlink and a release folder is never changed while it runs.
#
# Settings of the scripts themselves (environment variables; the defaults suit docs/deploy.md):
#   PPA_HOME=/srv/ppa  PPA_ENV_FILE=/etc/ppa/ppa.env  PPA_USER=ppa  PPA_SERVICE=ppa
#   PPA_SYSTEMCTL=systemctl (what starts and stops the service: `$PPA_SYSTEMCTL start|stop $PPA_SERVICE`)
#   PPA_READY_SECONDS=180 (how long a start may take)  PPA_KEEP_RELEASES=3

ppa_home=${PPA_HOME:-/srv/ppa}
ppa_env_file=${PPA_ENV_FILE:-/etc/ppa/ppa.env}
ppa_user=${PPA_USER:-ppa}
ppa_service=${PPA_SERVICE:-ppa}
read -r -a ppa_systemctl <<<"${PPA_SYSTEMCTL:-systemctl}"
ppa_ready_seconds=${PPA_READY_SECONDS:-180}
# What this script creates (releases, symlinks, the backups folder) is readable by the site's user.
umask 022

say() { printf '==> %s\n' "$*"; }
note() { printf '    %s\n' "$*"; }
die() {
  printf '%s: %s\n' "$(basename "$0")" "$*" >&2
  exit 1
}

# One upgrade or rollback at a time.
hold_release_lock() {
  mkdir -p "$ppa_home/releases"
  exec 9>"$ppa_home/.release.lock"
  flock -n 9 || die "another upgrade or rollback is running (it holds $ppa_home/.release.lock)."
}

# A setting of the site, as the service reads it (the settings file; nothing of this shell's environment).
site_setting() {
  env -i PATH="$PATH" node -e 'process.loadEnvFile(process.argv[1]); process.stdout.write(process.env[process.argv[2]] ?? process.argv[3] ?? "")' "$ppa_env_file" "$1" "${2:-}"
}

# Runs a command as the site's user (directly when this is that user already).
as_site_user() {
  if [ "$(id -un)" = "$ppa_user" ]; then
    "$@"
  else
    runuser -u "$ppa_user" -- "$@"
  fi
}

# Runs `npm run …` of release folder $1 as the site's user, with the site's settings (deploy/ppa-env.sh).
site_command() {
  local release=$1
  shift
  (cd "$release" && as_site_user env PPA_ENV_FILE="$ppa_env_file" sh "$release/deploy/ppa-env.sh" "$@")
}

release_of_link() {
  local link=$ppa_home/$1
  [ -L "$link" ] && basename "$(readlink "$link")"
}

# Points symlink $1 (current or previous) at release $2, in one rename: never a moment without it.
point_link() {
  ln -sfn "releases/$2" "$ppa_home/.$1.new"
  mv -Tf "$ppa_home/.$1.new" "$ppa_home/$1"
}

site_service() {
  note "${ppa_systemctl[*]} $1 $ppa_service"
  "${ppa_systemctl[@]}" "$1" "$ppa_service"
}

# Waits until the site answers: /readyz 200 (the database answers, the data folder is writable), or,
# from a release older than /readyz, its home page. Says how long it took.
wait_until_ready() {
  local port started=$SECONDS ready home
  port=$(site_setting PORT 3000)
  while [ $((SECONDS - started)) -lt "$ppa_ready_seconds" ]; do
    ready=$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "http://127.0.0.1:$port/readyz" || true)
    if [ "$ready" = 200 ]; then
      note "ready after $((SECONDS - started)) s (/readyz answers 200)"
      return 0
    fi
    if [ "$ready" = 404 ]; then
      home=$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "http://127.0.0.1:$port/" || true)
      if [ "$home" = 200 ]; then
        note "ready after $((SECONDS - started)) s (its home page answers 200)"
        return 0
      fi
    fi
    sleep 0.5
  done
  return 1
}

# After a step that failed with the site stopped: starts release $1 again (current still points at
# it), then stops with message $2.
start_again() {
  say "Starting $1 again"
  site_service start
  wait_until_ready || note "$1 did not answer within $ppa_ready_seconds s either: read its log (journalctl -u $ppa_service -n 100)."
  die "$2 The site runs $1, as before."
}

# Where the backups before an upgrade or a rollback go: BACKUP_DIR, else PPA_HOME/backups (the site's user's).
backup_folder() {
  local folder
  folder=$(site_setting BACKUP_DIR)
  if [ -z "$folder" ]; then
    folder=$ppa_home/backups
    install -d -m 700 "$folder"
    [ "$(id -un)" = "$ppa_user" ] || chown "$ppa_user:" "$folder"
  fi
  printf '%s' "$folder"
}

# Takes a backup with release $1's own command into file $2. A BACKUP_AFTER that fails (exit 1 after
# the archive was written) is said, and the archive used.
backup_with() {
  note "npm run backup -- $2"
  if site_command "$1" npm run --silent backup -- "$2"; then return 0; fi
  if [ -s "$2" ]; then
    note "the archive was written, but BACKUP_AFTER failed (see above): it is on this machine only"
    return 0
  fi
  return 1
}

# The value of key $2 in a release's .upgrade file $1 (key=value lines).
state_value() {
  sed -n "s/^$2=//p" "$1" | tail -1
}
