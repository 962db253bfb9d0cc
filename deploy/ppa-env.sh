#!/bin/sh
# Runs a command with the site's settings, as the service gets them (docs/deploy.md):
#   cd /opt/ppa && runuser -u ppa -- deploy/ppa-env.sh npm run user:role -- someone@example.org admin
# PPA_ENV_FILE names another settings file (default /etc/ppa/ppa.env).
set -eu
file="${PPA_ENV_FILE:-/etc/ppa/ppa.env}"
[ -r "$file" ] || { echo "Cannot read $file: run this as the site's user (runuser -u ppa -- …), or set PPA_ENV_FILE." >&2; exit 1; }
set -a
# shellcheck disable=SC1090
. "$file"
set +a
exec "$@"
