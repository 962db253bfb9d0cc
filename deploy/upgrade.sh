#!/usr/bin/env bash
# Upgrades the site to a new release, beside the running one (docs/deploy.md#upgrading):
#
#   deploy/upgrade.sh [--yes] [--prepare] <git ref | release.tar.gz | https://…/release.tar.gz>
#
#   1. installs the release into PPA_HOME/releases/<version>-<commit> and builds it there, while the
#      site keeps serving from its own folder (a git ref comes from PPA_HOME/repo, fetched first);
#   2. checks it with the site's settings (`npm run doctor`): a setting it would refuse stops here;
#   3. stops the site, takes a backup (`npm run backup`, into BACKUP_DIR), applies the migrations
#      (`npm run migrate`; one that fails leaves the database as it was and starts the old release);
#   4. points PPA_HOME/current at the new release (PPA_HOME/previous at the old one), starts the site
#      and waits until it answers; then the doctor again, and old releases beyond the last 3 removed.
#
# deploy/rollback.sh goes back to the previous release and this backup. --prepare does step 1 only
# (the switch, later, skips it); --yes asks nothing. The first run, with no release yet, installs
# and builds one and points PPA_HOME/current at it (docs/deploy.md#3-the-sites-user-and-code).
# Run as root. Settings of this script: deploy/release-lib.sh.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=deploy/release-lib.sh
. "$here/release-lib.sh"

usage() {
  sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
  exit "${1:-0}"
}
yes=false
prepare=false
source_arg=
while [ $# -gt 0 ]; do
  case "$1" in
    --yes | -y) yes=true ;;
    --prepare) prepare=true ;;
    --help | -h) usage 0 ;;
    -*) usage 2 >&2 ;;
    *)
      [ -z "$source_arg" ] || usage 2 >&2
      source_arg=$1
      ;;
  esac
  shift
done
[ -n "$source_arg" ] || usage 2 >&2

hold_release_lock
releases=$ppa_home/releases
work=$(mktemp -d "${TMPDIR:-/tmp}/ppa-upgrade-XXXXXX")
trap 'rm -rf "$work"' EXIT

# --- 1. The release: where it comes from, its name, its files ------------------------------------
tarball=
commit=
case "$source_arg" in
  https://*)
    say "Downloading $source_arg"
    tarball=$work/release.tar.gz
    curl -fsSL --retry 3 -o "$tarball" "$source_arg" || die "could not download $source_arg"
    ;;
  *)
    if [ -f "$source_arg" ]; then
      tarball=$(cd "$(dirname "$source_arg")" && pwd)/$(basename "$source_arg")
    else
      repo=$ppa_home/repo
      [ -d "$repo/.git" ] || die "$source_arg is no file, and there is no repository in $repo to find it in as a git ref: git clone <the association's repository> $repo"
      say "Fetching $source_arg in $repo"
      if git -C "$repo" remote get-url origin >/dev/null 2>&1; then
        git -C "$repo" fetch --quiet --tags --force origin || die "git fetch failed in $repo (is the network up?)"
      fi
      for candidate in "refs/remotes/origin/$source_arg" "refs/tags/$source_arg" "$source_arg"; do
        commit=$(git -C "$repo" rev-parse --verify --quiet "$candidate^{commit}" || true)
        [ -z "$commit" ] || break
      done
      [ -n "$commit" ] || die "$source_arg is no branch, tag or commit of $repo."
    fi
    ;;
esac

if [ -n "$commit" ]; then
  version=$(git -C "$repo" show "$commit:package.json" | node -p 'JSON.parse(require("fs").readFileSync(0, "utf8")).version ?? "unversioned"')
  name=$version-$(git -C "$repo" rev-parse --short=7 "$commit")
  made_from="$(git -C "$repo" describe --tags --always "$commit")"
  origin="git $source_arg ($commit) of $repo"
else
  [ -s "$tarball" ] || die "$tarball is empty."
  sha=$(sha256sum "$tarball" | cut -c1-12)
  mkdir "$work/unpacked"
  tar --no-same-owner --no-same-permissions -xzf "$tarball" -C "$work/unpacked" || die "$source_arg is not a .tar.gz of the site."
  # A release tarball holds one folder (ppa-1.2.0/…) or the files themselves.
  unpacked=$work/unpacked
  if [ "$(find "$unpacked" -mindepth 1 -maxdepth 1 | wc -l)" = 1 ] && [ -d "$(find "$unpacked" -mindepth 1 -maxdepth 1)" ]; then
    unpacked=$(find "$unpacked" -mindepth 1 -maxdepth 1)
  fi
  [ -f "$unpacked/package.json" ] && [ -f "$unpacked/server.js" ] || die "$source_arg does not hold the site (no package.json and server.js at its top)."
  version=$(node -p 'require(process.argv[1]).version ?? "unversioned"' "$unpacked/package.json")
  name=$version-$sha
  made_from=$(head -1 "$unpacked/RELEASE" 2>/dev/null || true)
  [ -n "$made_from" ] || made_from=tarball-$sha
  origin="$source_arg (sha256 $sha…)"
fi
release=$releases/$name
running=$(release_of_link current || true)
say "Release $name (from $origin)"

if [ -f "$release/.installed" ]; then
  note "installed and built already in $release"
else
  [ "$name" != "$running" ] || die "$name is the release running, but its folder is incomplete: remove $release by hand."
  partial=$releases/.partial-$name
  rm -rf "$partial"
  mkdir -p "$partial"
  if [ -n "$commit" ]; then
    git -C "$repo" archive "$commit" | tar --no-same-owner -x -C "$partial"
  else
    cp -a "$unpacked/." "$partial/"
  fi
  printf '%s\nsource=%s\ninstalled=%s\n' "$made_from" "$origin" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" >"$partial/RELEASE"

  reuse=${PPA_REUSE_BUILD_FROM:-}
  if [ -n "$reuse" ] && cmp -s "$reuse/package-lock.json" "$partial/package-lock.json" && [ -d "$reuse/node_modules" ]; then
    # Hard links where the two folders share a file system (a release only reads its packages:
    # nothing here writes into node_modules), a copy otherwise.
    say "Installing the packages: the same lock file as $reuse (PPA_REUSE_BUILD_FROM): linking its node_modules"
    cp -al "$reuse/node_modules" "$partial/node_modules" 2>/dev/null || {
      rm -rf "$partial/node_modules"
      cp -a "$reuse/node_modules" "$partial/node_modules"
    }
  else
    say "Installing the packages (npm install) in $partial"
    (cd "$partial" && npm install --no-audit --no-fund --loglevel=error) || die "npm install failed in $partial: the running site is unchanged."
  fi
  stamp=$(cat "$reuse/build/server/.sources-sha256" 2>/dev/null || true)
  # The build, stamped with its sources' hash (scripts/build-if-changed.mjs); a release older than
  # that script builds with npm run build.
  build=(npm run build)
  [ -f "$partial/scripts/build-if-changed.mjs" ] && build=(node scripts/build-if-changed.mjs)
  if [ -n "$reuse" ] && [ -n "$stamp" ] && [ "${build[0]}" = node ] &&
    [ "$stamp" = "$(cd "$partial" && node --input-type=module -e 'const { sourcesHash } = await import(`${process.cwd()}/scripts/build-if-changed.mjs`); console.log(sourcesHash("."))')" ]; then
    say "Building: $reuse's build is of exactly these sources (its stamp): copying it"
    cp -a "$reuse/build" "$partial/build"
  else
    say "Building in $partial (the running site keeps its own build)"
    (cd "$partial" && "${build[@]}") >"$work/build.log" 2>&1 || {
      tail -40 "$work/build.log" >&2
      die "the build failed: the running site is unchanged."
    }
    note "$(grep -c '' "$work/build.log") lines of build output; built $(find "$partial/build/client/assets" -type f | wc -l) assets"
  fi
  touch "$partial/.installed"
  rm -rf "$release"
  mv "$partial" "$release"
  note "installed in $release"
fi

if $prepare; then
  say "Prepared: $name is installed and built beside the running release${running:+ ($running)}."
  note "Switch to it with: $here/upgrade.sh $source_arg"
  exit 0
fi

# --- The first release: nothing runs yet ----------------------------------------------------------
if [ -z "$running" ]; then
  point_link current "$name"
  say "$ppa_home/current is $name. Next: the database and the settings (docs/deploy.md steps 4–7)."
  exit 0
fi
[ "$name" != "$running" ] || die "$name is the release running already."
[ -d "$releases/$running" ] || die "$ppa_home/current points at $running, which is not in $releases."

# --- 2. The new release with the site's settings ---------------------------------------------------
say "Checking $name with the site's settings (npm run doctor)"
site_command "$release" npm run --silent doctor >"$work/doctor.txt" 2>&1 || true
sed 's/^/    /' "$work/doctor.txt"
if grep -Eq '^FAIL +(Configuration|Migrations) ' "$work/doctor.txt"; then
  die "$name would not run with these settings or this database (the FAIL lines above): the running site ($running) is unchanged."
fi

if ! $yes && [ -t 0 ]; then
  read -r -p "Stop the site, back up, migrate and switch from $running to $name? [y/N] " answer
  case "$answer" in y | Y | yes) ;; *) die "nothing changed." ;; esac
fi

# --- 3. Stop, back up, migrate ----------------------------------------------------------------------
started_at=$(date -u +%Y-%m-%dT%H-%M-%SZ)
say "Stopping the site ($running)"
site_service stop

# Anything that fails from here until the switch starts the old release again, unchanged.

archive=$(backup_folder)/ppa-before-$name-$started_at.tar
say "Backing up the database"
backup_with "$release" "$archive" || start_again "$running" "The backup failed (above): nothing was migrated."
migration_before=$(tar -xOf "$archive" manifest.json | node -p 'JSON.parse(require("fs").readFileSync(0, "utf8")).migration ?? ""')
migration_after=$(node -p 'require(process.argv[1]).entries.at(-1).tag' "$release/drizzle/meta/_journal.json")
migrated=no
[ "$migration_before" = "$migration_after" ] || migrated=yes
# What rollback.sh needs: where the site came from, and the backup of the database it had.
printf 'from=%s\nbackup=%s\nat=%s\nmigration_before=%s\nmigration_after=%s\nmigrated=%s\n' \
  "$running" "$archive" "$started_at" "$migration_before" "$migration_after" "$migrated" >"$release/.upgrade"

say "Applying the migrations (npm run migrate: ${migration_before:-none} → $migration_after)"
site_command "$release" npm run --silent migrate || start_again "$running" "A migration failed (above): the database is as it was (they run in one transaction), and the backup is $archive."

# --- 4. Switch and start ---------------------------------------------------------------------------
say "Switching $ppa_home/current to $name ($ppa_home/previous: $running)"
point_link previous "$running"
point_link current "$name"
say "Starting the site ($name)"
site_service start
if ! wait_until_ready; then
  say "$name did not answer within $ppa_ready_seconds s. Its log: journalctl -u $ppa_service -n 100"
  if ! $yes && [ -t 0 ]; then
    read -r -p "Roll back to $running and the backup taken before? [Y/n] " answer
    case "$answer" in n | N | no) ;; *) exec "$release/deploy/rollback.sh" --yes ;; esac
  fi
  die "the upgrade did not finish: go back with $release/deploy/rollback.sh"
fi

say "Checking the site (npm run doctor)"
site_command "$release" npm run --silent doctor 2>&1 | sed 's/^/    /' || true

keep=${PPA_KEEP_RELEASES:-3}
for old in $(find "$releases" -mindepth 1 -maxdepth 1 ! -name '.*' -printf '%T@ %f\n' | sort -rn | cut -d' ' -f2); do
  [ "$old" != "$name" ] && [ "$old" != "$running" ] || continue
  keep=$((keep - 1))
  if [ "$keep" -le 1 ]; then
    note "removing the old release $old"
    rm -rf "${releases:?}/$old"
  fi
done

say "Upgraded from $running to $name."
note "The backup taken before: $archive"
note "To go back to $running and that backup: $ppa_home/current/deploy/rollback.sh"
