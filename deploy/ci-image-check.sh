#!/usr/bin/env bash
# CI's stand-in for building and running the container image (docs/deploy.md#the-container-image):
# no Docker engine or image registry is reachable from the CI machines, so this runs the image's
# own steps (deploy/image-steps.sh, as deploy/Dockerfile does) on a copy of the repository:
#   1. the build context: the files git knows, copied to an empty folder (no node_modules, no build);
#   2. build: install with dev dependencies, build;
#   3. runtime: into another empty folder, what the server needs, installed without dev dependencies;
#   4. start it with NODE_ENV=production on a fresh PostgreSQL database (migrations run at start),
#      walk the smoke journey (deploy/smoke.mjs), run `npm run doctor` there, stop it.
# It also checks that the systemd unit starts the server with the flags of `npm run serve`, and that
# the image's ENV sets the environment the serve script starts node with.
#
# With --reuse-build, step 2 takes the repository's own build when it was stamped with the hash of
# exactly the copy's sources (scripts/build-if-changed.mjs, as .ci/run builds), as Docker's layer
# cache would: .ci/run has just installed from the lock file into an empty folder and built those
# same files. Without the stamp, or with other sources, it installs and builds as above.
#
#   deploy/ci-image-check.sh [--reuse-build] postgres://USER:PASSWORD@HOST:PORT/postgres   (a role that may create databases)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
reuse_build=false
if [ "${1:-}" = "--reuse-build" ]; then
  reuse_build=true
  shift
fi
server_url=${1:?usage: deploy/ci-image-check.sh [--reuse-build] POSTGRES_URL (a role that may create databases)}

# The unit file and package.json must start the same command: the unit's Environment= lines, then its ExecStart.
serve=$(node -p 'require(process.argv[1]).scripts.serve' "$repo/package.json")
unit="$(sed -n 's/^Environment=//p' "$repo/deploy/ppa.service" | tr '\n' ' ')$(sed -n 's/^ExecStart=\/usr\/bin\/node /node /p' "$repo/deploy/ppa.service")"
if [ "$serve" != "$unit" ]; then
  echo "deploy/ppa.service starts '$unit', but npm run serve is '$serve': make them the same." >&2
  exit 1
fi
# The image sets the same environment (its ENV) for every process, `npm run user` and `npm run migrate` too.
for setting in $(printf '%s\n' $serve | sed -n '/^[A-Z_][A-Z0-9_]*=/p'); do
  if ! grep -Eq "^(ENV |    )${setting}( |$)" "$repo/deploy/Dockerfile"; then
    echo "deploy/Dockerfile does not set ${setting} in its ENV, as npm run serve does: add it." >&2
    exit 1
  fi
done

work=$(mktemp -d "${TMPDIR:-/tmp}/ppa-image-XXXXXX")
database="ppa_image_$(date +%s)_$$"
admin_url=$server_url
database_url="${server_url%/*}/$database"
cleanup() {
  psql "$admin_url" -qc "drop database if exists $database with (force)" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

echo "== build context: the files git knows, in $work/src"
mkdir -p "$work/src" "$work/app"
(cd "$repo" && git ls-files -z --cached --others --exclude-standard | tar --null --ignore-failed-read -T - -cf - 2>/dev/null) | tar -xf - -C "$work/src"
[ ! -e "$work/src/node_modules" ] && [ ! -e "$work/src/build" ] || { echo "the build context holds node_modules or build" >&2; exit 1; }

# The stamp of the repository's build (empty without one), and the hash build-if-changed would stamp the copy's sources with.
stamp=$(cat "$repo/build/server/.sources-sha256" 2>/dev/null | tr -d '[:space:]' || true)
copy_hash() {
  node --input-type=module -e 'const { sourcesHash } = await import(process.argv[1]); console.log(sourcesHash(process.argv[2]));' "$repo/scripts/build-if-changed.mjs" "$work/src"
}
if $reuse_build && [ -n "$stamp" ] && [ "$stamp" = "$(copy_hash)" ]; then
  echo "== image-steps.sh build: reusing the repository's build, stamped with the copy's sources' hash"
  cp -R "$repo/build" "$work/src/build"
else
  $reuse_build && echo "== the repository's build is not stamped with the copy's sources: building again"
  echo "== image-steps.sh build"
  (cd "$work/src" && sh deploy/image-steps.sh build)
fi

echo "== image-steps.sh runtime (production install, no dev dependencies)"
(cd "$work/app" && sh "$work/src/deploy/image-steps.sh" runtime "$work/src")

echo "== a fresh PostgreSQL database: $database"
psql "$admin_url" -v ON_ERROR_STOP=1 -qc "create database $database"

echo "== image-steps.sh start with NODE_ENV=production, and the smoke journey"
node "$repo/deploy/smoke.mjs" --app "$work/app" --database-url "$database_url"
