#!/usr/bin/env bash
# Installs whatever is missing for Vitrine and starts PostgreSQL. Idempotent: a second run only checks (quietly).
#   scripts/setup.sh            everything (system packages, Temporal CLI, Python env, npm packages, databases)
# The steps with work to do run in parallel, each into its own log (.data/setup/<step>.log): apt ∥ temporal ∥ python
# ∥ npm, and postgres once apt is done (it needs the postgresql package). Each one that did work prints its wall
# time, and the run its total; a failed step prints its log's last lines, its name and exit code, and setup fails
# (after the other steps finished). The Temporal CLI and uv are built once per version per machine, into
# ${XDG_CACHE_HOME:-~/.cache}/vitrine/<name>-<version>/, and hard-linked (else copied) into .tools/bin; Go's, uv's,
# pip's and npm's own caches are their defaults (~/go/pkg/mod, ~/.cache/go-build, ~/.cache/uv, ~/.cache/pip, ~/.npm).
set -euo pipefail
cd "$(dirname "$0")/.."
TEMPORAL_CLI_VERSION=v1.5.1
UV_VERSION=0.9.9
APT_PACKAGES=(postgresql redis-server chromium chromium-headless-shell docker-compose fonts-dejavu-core wrk)
CACHE="${XDG_CACHE_HOME:-${HOME:?}/.cache}/vitrine"  # the tools built once per machine: <name>-<version>/<name>
LOGS=.data/setup
TAIL=40
log() { printf '\033[36m[setup]\033[0m %s\n' "$*"; }
now_ms() { local t=${EPOCHREALTIME//[.,]/}; echo $((t / 1000)); }
secs() { echo "$(($1 / 1000)).$(($1 % 1000 / 100))"; }  # milliseconds as seconds, one decimal

# --- the steps (each runs in its own subshell under set -euo pipefail, its output into its log) ---

# Debian packages (PostgreSQL, Redis, Chromium and its headless shell for browser tests, docker-compose to validate the compose file)
step_apt() {
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
}

tool_ok() { [ -f "$1" ] && [ -x "$1" ] && "$1" --version >/dev/null 2>&1; }

# cached_tool NAME VERSION BUILDER: the machine-wide $CACHE/NAME-VERSION/NAME, built by `BUILDER DIR` (into DIR/NAME)
# unless it is there and runs (under a lock: two clones set up at once build it once), then linked into .tools/bin
cached_tool() {
  local name=$1 version=$2 builder=$3 dir="$CACHE/$1-$2"
  mkdir -p "$dir"
  if command -v flock >/dev/null; then
    exec 9>"$dir/.lock"
    flock 9
  fi
  if ! tool_ok "$dir/$name"; then
    echo "building $name $version into $dir"
    local build="$dir/.build.$BASHPID"
    rm -rf "$dir"/.build.*  # what a failed or interrupted build left (no other build runs: the lock)
    mkdir -p "$build"
    "$builder" "$build"
    tool_ok "$build/$name" || { echo "the built $build/$name does not run"; exit 1; }
    mv -f "$build/$name" "$dir/$name"
    rm -rf "$build"
  else
    echo "$name $version from $dir"
  fi
  exec 9>&-
  # a new name, then a rename: a process running .tools/bin/NAME keeps its file
  if [ ! "$dir/$name" -ef ".tools/bin/$name" ]; then
    local tmp=".tools/bin/.$name.$BASHPID"
    rm -f "$tmp"
    ln "$dir/$name" "$tmp" 2>/dev/null || cp "$dir/$name" "$tmp"
    mv -f "$tmp" ".tools/bin/$name"
  fi
}

# Temporal CLI (dev server + Web UI), built from its Go module at a pinned version (Go's module and build caches are
# its defaults, shared by the clones too)
build_temporal() { GOBIN="$1" go install "github.com/temporalio/cli/cmd/temporal@$TEMPORAL_CLI_VERSION"; }
temporal_ready() {
  [ "$(cat .tools/temporal.version 2>/dev/null)" = "$TEMPORAL_CLI_VERSION" ] && tool_ok .tools/bin/temporal
}
step_temporal() {
  cached_tool temporal "$TEMPORAL_CLI_VERSION" build_temporal
  echo "$TEMPORAL_CLI_VERSION" > .tools/temporal.version
}

# uv (a standalone binary: pip installs it into a throwaway venv, the binary is kept), then the Python environment
# from the lock file
build_uv() {
  python3 -m venv "$1/venv"
  "$1/venv/bin/pip" install -q "uv==$UV_VERSION"
  mv "$1/venv/bin/uv" "$1/uv"
}
uv_ready() { tool_ok .tools/bin/uv && [[ "$(.tools/bin/uv --version)" == "uv $UV_VERSION"* ]]; }
PY_STAMP=.venv/.vitrine-lock
python_ready() { [ -f "$PY_STAMP" ] && cmp -s uv.lock "$PY_STAMP"; }
step_python() {
  if ! uv_ready; then
    cached_tool uv "$UV_VERSION" build_uv
  fi
  if ! python_ready; then
    echo "syncing the Python environment (uv.lock)"
    # no --compile-bytecode (10 000 files, ≈ 60 s of CPU at install): the Makefile unexports PYTHONDONTWRITEBYTECODE,
    # so the first process that imports a module writes its bytecode and the next ones read it (docs/testing.md)
    UV_PROJECT_ENVIRONMENT=.venv .tools/bin/uv sync --frozen
    cp uv.lock "$PY_STAMP"
  fi
}

NPM_STAMP=frontend/node_modules/.vitrine-lock

# npm packages from package-lock.json (--prefer-offline: what the cache holds is not revalidated online)
step_npm() {
  (cd frontend && npm ci --prefer-offline --no-audit --no-fund --loglevel=warn)
  cp frontend/package-lock.json "$NPM_STAMP"
}

# PostgreSQL: the system cluster, a role and the databases (dev, test, e2e); prints only when it does work
step_postgres() { scripts/postgres.sh; }

# --- the runner ---

declare -A name_of=() start_of=()  # a running step's name by pid; a step's start (ms)
failed=()
did_work=0
run_start=$(now_ms)

# start a step in the background, in its own process group (set -m) so an interrupt can end all it started
start() {
  local name=$1 what=$2
  [ -n "$what" ] && log "$name: $what (log: $LOGS/$name.log)"
  start_of[$name]=$(now_ms)
  set -m
  ( set -euo pipefail; "step_$name" ) </dev/null >"$LOGS/$name.log" 2>&1 &
  set +m
  name_of[$!]=$name
}

stop_all() {
  local pid
  for pid in "${!name_of[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap 'stop_all; log "interrupted"; exit 130' INT TERM
trap 'stop_all' EXIT

mkdir -p .tools/bin "$LOGS"

missing=()
for p in "${APT_PACKAGES[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
SUDO=""
if [ ${#missing[@]} -gt 0 ] && [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo -n"
  sudo -v  # asks for the password here, in the foreground; the step runs without a terminal
fi

if [ ${#missing[@]} -gt 0 ]; then
  start apt "installing Debian packages: ${missing[*]}"
else
  start postgres ""
fi
if ! temporal_ready; then
  if tool_ok "$CACHE/temporal-$TEMPORAL_CLI_VERSION/temporal"; then
    start temporal "linking the Temporal CLI $TEMPORAL_CLI_VERSION from $CACHE"
  else
    start temporal "building the Temporal CLI $TEMPORAL_CLI_VERSION with go install (a few minutes, once per machine)"
  fi
fi
if ! uv_ready || ! python_ready; then
  start python "uv $UV_VERSION and the Python environment (uv.lock)"
fi
if [ -f frontend/package-lock.json ] && { [ ! -f "$NPM_STAMP" ] || ! cmp -s frontend/package-lock.json "$NPM_STAMP"; }; then
  start npm "installing npm packages (package-lock.json)"
fi

while [ ${#name_of[@]} -gt 0 ]; do
  rc=0
  wait -n -p pid "${!name_of[@]}" || rc=$?
  name=${name_of[$pid]}
  unset "name_of[$pid]"
  took=$(secs $(($(now_ms) - start_of[$name])))
  if [ "$rc" -ne 0 ]; then
    log "$name failed (exit $rc) after $took s"
    failed+=("$name:$rc")
    did_work=1
  elif [ "$name" != postgres ] || [ -s "$LOGS/postgres.log" ]; then
    [ "$name" = postgres ] && cat "$LOGS/postgres.log"
    log "$name took $took s"
    did_work=1
  fi
  if [ "$name" = apt ]; then
    if [ "$rc" -eq 0 ]; then start postgres ""; else log "postgres: not run (apt failed)"; fi
  fi
done

for f in "${failed[@]}"; do
  name=${f%%:*}
  printf '\033[31m[setup] %s failed with exit code %s; the last %s lines of %s:\033[0m\n' "${name}" "${f##*:}" "$TAIL" "$LOGS/$name.log"
  tail -n "$TAIL" "$LOGS/$name.log" | sed 's/^/    /'
done
if [ ${#failed[@]} -gt 0 ]; then
  log "failed: ${failed[*]%%:*} (total $(secs $(($(now_ms) - run_start))) s)"
  exit 1
fi
[ "$did_work" -eq 1 ] && log "total $(secs $(($(now_ms) - run_start))) s"
exit 0
