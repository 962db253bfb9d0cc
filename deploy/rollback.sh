#!/usr/bin/env bash
# Goes back from the release deploy/upgrade.sh installed to the one it replaced (docs/deploy.md#rolling-back):
#
#   deploy/rollback.sh [--yes]
#
# When the upgrade applied migrations, the database goes back to the backup the upgrade took
# before them: whatever was written since is lost from the site (a backup of the database as it is
# now is taken first, so nothing is gone for good). Without migrations the database stays as it
# is. Then PPA_HOME/current points at the previous release again and the site starts; the newer
# release stays installed (upgrade.sh switches to it again without building). --yes asks nothing.
# Run as root. Settings of this script: deploy/release-lib.sh.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=deploy/release-lib.sh
. "$here/release-lib.sh"

yes=false
case "${1:-}" in
  --yes | -y) yes=true ;;
  "") ;;
  *)
    sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
    exit 2
    ;;
esac

hold_release_lock
releases=$ppa_home/releases
running=$(release_of_link current || true)
[ -n "$running" ] || die "$ppa_home/current is not a release: there is nothing to roll back."
state=$releases/$running/.upgrade
[ -f "$state" ] || die "$running was not reached by deploy/upgrade.sh from an earlier release: there is none to go back to."
from=$(state_value "$state" from)
archive=$(state_value "$state" backup)
migrated=$(state_value "$state" migrated)
[ -d "$releases/$from" ] || die "the previous release $from is no longer in $releases: install it again with upgrade.sh, then restore $archive (docs/deploy.md#backups)."

say "Rolling back from $running to $from"
if [ "$migrated" = yes ]; then
  [ -s "$archive" ] || die "the backup taken before the upgrade, $archive, is missing: nothing changed."
  note "$running migrated the database ($(state_value "$state" migration_before) → $(state_value "$state" migration_after)): it goes back to"
  note "the backup taken before the upgrade ($archive). What was written since $(state_value "$state" at)"
  note "(sign-ups, payments, changes) is lost from the site; it is kept in a backup taken now, first."
else
  note "$running applied no migration: the database stays as it is."
fi
if ! $yes && [ -t 0 ]; then
  read -r -p "Go on? [y/N] " answer
  case "$answer" in y | Y | yes) ;; *) die "nothing changed." ;; esac
fi

say "Stopping the site ($running)"
site_service stop

if [ "$migrated" = yes ]; then
  now=$(backup_folder)/ppa-before-rollback-from-$running-$(date -u +%Y-%m-%dT%H-%M-%SZ).tar
  say "Backing up the database as it is now"
  backup_with "$releases/$running" "$now" || start_again "$running" "The backup failed (above): nothing was restored."
  say "Restoring the backup taken before the upgrade"
  site_command "$releases/$running" npm run --silent restore -- "$archive" --force || start_again "$running" "The restore failed (above); the database is as it was."
fi

say "Switching $ppa_home/current to $from"
point_link current "$from"
point_link previous "$running"
printf 'rolled_back=%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" >>"$state"
say "Starting the site ($from)"
site_service start
wait_until_ready || die "$from did not answer within $ppa_ready_seconds s: read its log (journalctl -u $ppa_service -n 100)."

say "Rolled back to $from."
[ "$migrated" != yes ] || note "The database is the backup of $(state_value "$state" at); the one it replaced is in $now."
note "$running stays installed: $here/upgrade.sh with the same source switches to it again."
