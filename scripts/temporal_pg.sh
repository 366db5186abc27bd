#!/usr/bin/env bash
# The production shape's Temporal (docker-compose.yml's `temporal`: temporalio/auto-setup on PostgreSQL) without
# Docker: the server and its SQL tool built from their Go module at the compose file's version, their two databases
# on Debian's PostgreSQL (scripts/postgres.sh: 127.0.0.1:5432, role vitrine), the schemas made with the SQL tool.
#   scripts/temporal_pg.sh              prepare, then the server in the foreground on free ports (make temporal-pg)
#   scripts/temporal_pg.sh --prepare    prepare only: build (once per machine), databases, schemas (idempotent)
#   scripts/temporal_pg.sh --prepare --fresh   the same on empty databases (dropped first: a benchmark's clean start)
# TEMPORAL_PG_DB names the databases (default vitrine_temporal, and <name>_visibility). The binaries are built once
# per version per machine into ${XDG_CACHE_HOME:-~/.cache}/vitrine/temporal-server-<version>/ with the module's
# schema/postgresql/v12 files beside them, and hard-linked (else copied) into .tools/bin, as scripts/setup.sh does
# for the CLI; .tools/temporal-server.version says which version is linked.
set -euo pipefail
cd "$(dirname "$0")/.."
VERSION=v1.29.1  # docker-compose.yml: temporalio/auto-setup:1.29.1
MODULE=go.temporal.io/server
CACHE="${XDG_CACHE_HOME:-${HOME:?}/.cache}/vitrine/temporal-server-$VERSION"
DB=${TEMPORAL_PG_DB:-vitrine_temporal}
export PGPASSWORD=vitrine
PG=(-h 127.0.0.1 -p 5432 -U vitrine)
SQL_ARGS=(--plugin postgres12 --endpoint 127.0.0.1 --port 5432 --user vitrine --password vitrine)
prepare_only=0 fresh=0
for arg in "$@"; do
  case $arg in
    --prepare) prepare_only=1 ;;
    --fresh) fresh=1 ;;
    *) echo "usage: $0 [--prepare] [--fresh]" >&2; exit 2 ;;
  esac
done
log() { printf '\033[36m[temporal-pg]\033[0m %s\n' "$*" >&2; }

runs() { [ -x "$1" ] && "$1" --version >/dev/null 2>&1; }
built() { runs "$CACHE/temporal-server" && runs "$CACHE/temporal-sql-tool" && [ -d "$CACHE/schema/temporal" ]; }

# the build, under a lock (two clones preparing at once build it once); Go's module and build caches are its defaults
build() {
  mkdir -p "$CACHE"
  exec 9>"$CACHE/.lock"
  flock 9
  if ! built; then
    log "building the Temporal server $VERSION and its SQL tool with go install (minutes, once per machine)"
    local tmp="$CACHE/.build.$$"
    rm -rf "$CACHE"/.build.*
    mkdir -p "$tmp"
    GOBIN="$tmp" go install "$MODULE/cmd/server@$VERSION" "$MODULE/cmd/tools/sql@$VERSION"
    local src
    src="$(go env GOMODCACHE)/$MODULE@$VERSION/schema/postgresql/v12"
    rm -rf "$CACHE/schema"
    cp -r "$src" "$CACHE/schema"
    chmod -R u+w "$CACHE/schema"  # the module cache's files are read-only
    mv -f "$tmp/server" "$CACHE/temporal-server"
    mv -f "$tmp/sql" "$CACHE/temporal-sql-tool"
    rm -rf "$tmp"
    built || { log "the built binaries do not run"; exit 1; }
  fi
  exec 9>&-
  mkdir -p .tools/bin
  local name tmp
  for name in temporal-server temporal-sql-tool; do
    if [ ! "$CACHE/$name" -ef ".tools/bin/$name" ]; then
      tmp=".tools/bin/.$name.$$"  # a new name, then a rename: a running server keeps its file
      ln "$CACHE/$name" "$tmp" 2>/dev/null || cp "$CACHE/$name" "$tmp"
      mv -f "$tmp" ".tools/bin/$name"
    fi
  done
  rm -rf .tools/temporal-schema
  ln -s "$CACHE/schema" .tools/temporal-schema
  echo "$VERSION" > .tools/temporal-server.version
}

if [ "$(cat .tools/temporal-server.version 2>/dev/null)" != "$VERSION" ] || ! runs .tools/bin/temporal-server \
    || ! runs .tools/bin/temporal-sql-tool || [ ! -d .tools/temporal-schema/temporal ]; then
  build
fi

pg_isready -q "${PG[@]}" || scripts/postgres.sh

# the databases (the role vitrine may create them) and their schemas: setup-schema -v 0.0 makes the version tables
# (a no-op on a database that has them), update-schema applies the versioned files not yet applied
for name in "$DB" "${DB}_visibility"; do
  exists=$(psql "${PG[@]}" -d postgres -qtAc "select 1 from pg_database where datname = '$name'")
  if [ "$fresh" -eq 1 ] && [ -n "$exists" ]; then
    dropdb "${PG[@]}" --force "$name"
    exists=""
  fi
  [ -n "$exists" ] || createdb "${PG[@]}" "$name"
done
quiet() { local out; out=$("$@" 2>&1) || { printf '%s\n' "$out" >&2; return 1; }; }  # its output on failure only
schema() {  # DATABASE DIR
  quiet .tools/bin/temporal-sql-tool "${SQL_ARGS[@]}" --database "$1" setup-schema -v 0.0
  quiet .tools/bin/temporal-sql-tool "${SQL_ARGS[@]}" --database "$1" update-schema \
    -d ".tools/temporal-schema/$2/versioned"
}
schema "$DB" temporal
schema "${DB}_visibility" visibility

[ "$prepare_only" -eq 1 ] && exit 0
exec .venv/bin/python -m scripts.temporal_pg --db "$DB"
