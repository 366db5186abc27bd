#!/usr/bin/env bash
# Installs whatever is missing for Vitrine and starts PostgreSQL. Idempotent: a second run only checks.
#   scripts/setup.sh            everything (system packages, Temporal CLI, Python env, npm packages, databases)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
TEMPORAL_CLI_VERSION=v1.5.1
UV_VERSION=0.9.9
APT_PACKAGES=(postgresql redis-server chromium docker-compose fonts-dejavu-core wrk)
log() { printf '\033[36m[setup]\033[0m %s\n' "$*"; }

# 1. Debian packages (PostgreSQL, Redis, Chromium for browser tests, docker-compose to validate the compose file)
missing=()
for p in "${APT_PACKAGES[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  log "installing Debian packages: ${missing[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# 2. Temporal CLI (dev server + Web UI), built from its Go module at a pinned version
mkdir -p .tools/bin .data
if [ ! -x .tools/bin/temporal ] || [ "$(cat .tools/temporal.version 2>/dev/null)" != "$TEMPORAL_CLI_VERSION" ]; then
  log "building the Temporal CLI $TEMPORAL_CLI_VERSION with go install (a few minutes the first time)"
  GOBIN="$ROOT/.tools/bin" go install "github.com/temporalio/cli/cmd/temporal@$TEMPORAL_CLI_VERSION"
  echo "$TEMPORAL_CLI_VERSION" > .tools/temporal.version
fi

# 3. Python environment from the lock file
if [ ! -x .tools/uvenv/bin/uv ] || ! .tools/uvenv/bin/uv --version | grep -q "$UV_VERSION"; then
  log "installing uv $UV_VERSION"
  python3 -m venv .tools/uvenv
  .tools/uvenv/bin/pip install -q "uv==$UV_VERSION"
fi
stamp=.venv/.vitrine-lock
if [ ! -f "$stamp" ] || ! cmp -s uv.lock "$stamp"; then
  log "syncing the Python environment (uv.lock)"
  UV_PROJECT_ENVIRONMENT=.venv .tools/uvenv/bin/uv sync --frozen -q
  cp uv.lock "$stamp"
fi

# 4. npm packages from package-lock.json
if [ -f frontend/package-lock.json ]; then
  nstamp=frontend/node_modules/.vitrine-lock
  if [ ! -f "$nstamp" ] || ! cmp -s frontend/package-lock.json "$nstamp"; then
    log "installing npm packages (package-lock.json)"
    (cd frontend && npm ci --no-audit --no-fund --loglevel=error)
    cp frontend/package-lock.json "$nstamp"
  fi
fi

# 5. PostgreSQL: the system cluster, a role and the databases (dev, test, e2e)
scripts/postgres.sh
