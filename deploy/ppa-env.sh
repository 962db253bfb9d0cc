#!/bin/sh
# Runs a command with the site's settings, as the service gets them (docs/deploy.md):
#   cd /srv/ppa/current && runuser -u ppa -- deploy/ppa-env.sh npm run user:role -- someone@example.org admin
# PPA_ENV_FILE names another settings file (default /etc/ppa/ppa.env). The file is read by Node's
# own parser (process.loadEnvFile), which takes what systemd's EnvironmentFile takes: KEY=value a
# line, values with spaces quoted or not; a shell's `.` would stumble on an unquoted space.
set -eu
file="${PPA_ENV_FILE:-/etc/ppa/ppa.env}"
[ -r "$file" ] || { echo "Cannot read $file: run this as the site's user (runuser -u ppa -- …), or set PPA_ENV_FILE." >&2; exit 1; }
[ $# -gt 0 ] || { echo "usage: deploy/ppa-env.sh COMMAND [ARGUMENT…]" >&2; exit 2; }
exec node -e '
  const [file, command, ...args] = process.argv.slice(1);
  process.loadEnvFile(file);
  // npm keeps its cache and logs in $HOME, which is the data folder for the ppa user: not there.
  process.env.npm_config_cache ??= require("node:path").join(require("node:os").tmpdir(), `ppa-npm-${process.getuid()}`);
  process.env.npm_config_update_notifier ??= "false";
  const run = require("node:child_process").spawnSync(command, args, { stdio: "inherit" });
  if (run.error) { console.error(`${command}: ${run.error.message}`); process.exit(127); }
  process.exit(run.status ?? 1);
' "$file" "$@"
