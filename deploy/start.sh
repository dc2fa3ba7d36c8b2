#!/bin/sh
# Container entry point: picks the process from $SERVICE (see deploy/Dockerfile).
set -eu
# V8 would grow the young generation to 2 x 64 MB on a large machine the first
# time a request allocates heavily (a CSV export): 90 MB more RSS for good.
# 32 MB semi-spaces bound it at 64 MB (README, Configuration). Keep these flags
# the same as package.json's start script and scripts/bench/processes.ts.
NODE_FLAGS="--max-semi-space-size=32"
case "${SERVICE:-}" in
  "") exec node $NODE_FLAGS gateway/src/standalone.ts ;;
  gateway) exec node $NODE_FLAGS gateway/src/server.ts ;;
  identity|catalog|dialogue|billing|engagement|logging) exec node $NODE_FLAGS "services/${SERVICE}/src/server.ts" ;;
  *) echo "start.sh: unknown SERVICE '${SERVICE}' (expected gateway, identity, catalog, dialogue, billing, engagement, logging or unset)" >&2; exit 64 ;;
esac
