#!/bin/sh
# The container image's build and start steps, in one place (docs/deploy.md#the-container-image):
# deploy/Dockerfile runs them, and so does CI (deploy/ci-image-check.sh), because no image registry
# or Docker engine is reachable from the CI machines to build the image itself.
#
#   image-steps.sh build          in a copy of the repository: install with dev dependencies, build
#   image-steps.sh runtime SRC    in an empty folder: take what the server needs from the built copy
#                                 SRC, and install the dependencies without the dev ones
#   image-steps.sh start          in that folder: start the server as `npm run serve` does
set -eu

# What the running site needs from the built copy: the server and its bundle, the migrations
# (applied at start), and the sources that `npm run doctor` and `npm run user:role` run with tsx.
RUNTIME_FILES="package.json package-lock.json .npmrc server.js tsconfig.json build drizzle app scripts deploy"

case "${1:-}" in
  build)
    npm install --no-audit --no-fund
    npm run build
    ;;
  runtime)
    src="${2:?usage: image-steps.sh runtime SRC}"
    for file in $RUNTIME_FILES; do
      [ -e "$src/$file" ] || { echo "image-steps: $src/$file is missing (run the build step first)" >&2; exit 1; }
      cp -R "$src/$file" .
    done
    npm install --omit=dev --no-audit --no-fund
    # Dev dependencies must not be needed at run time: the build bundles what the pages use.
    if [ -d node_modules/vite ] || [ -d node_modules/vitest ]; then
      echo "image-steps: dev dependencies were installed" >&2
      exit 1
    fi
    ;;
  start)
    # Exactly the command of `npm run serve` (package.json), with its memory settings
    # (docs/architecture/server.md#memory: `MALLOC_ARENA_MAX=2 node --max-old-space-size=… server.js`),
    # run directly (env, then node in its place) so that the server gets SIGTERM itself.
    # shellcheck disable=SC2046
    exec env $(node -p 'require("./package.json").scripts.serve')
    ;;
  *)
    echo "usage: image-steps.sh build | runtime SRC | start" >&2
    exit 2
    ;;
esac
