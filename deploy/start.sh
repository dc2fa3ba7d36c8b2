#!/bin/sh
# Container entry point: picks the process from $SERVICE (see deploy/Dockerfile).
set -eu
case "${SERVICE:-}" in
  "") exec node gateway/src/standalone.ts ;;
  gateway) exec node gateway/src/server.ts ;;
  identity|catalog|dialogue|billing|engagement|logging) exec node "services/${SERVICE}/src/server.ts" ;;
  *) echo "start.sh: unknown SERVICE '${SERVICE}' (expected gateway, identity, catalog, dialogue, billing, engagement, logging or unset)" >&2; exit 64 ;;
esac
