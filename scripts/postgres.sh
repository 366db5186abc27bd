#!/usr/bin/env bash
# Starts Debian's PostgreSQL cluster if it is down and makes sure the vitrine role and databases exist.
set -euo pipefail
# the server outlives this script: it must not keep a descriptor it inherited (a lock a caller holds while it runs —
# `flock /tmp/heavy.lock make setup` — stayed held by the postmaster for good, and every later command waited on it)
closed() { (for fd in $(ls /proc/$BASHPID/fd); do [ "$fd" -gt 2 ] && eval "exec $fd>&-"; done; exec "$@"); }
PGVER=$(ls /usr/lib/postgresql | sort -n | tail -1)
cluster_status=$(pg_lsclusters -h | awk -v v="$PGVER" '$1==v && $2=="main" {print $4}')
if [ -z "$cluster_status" ]; then
  pg_createcluster "$PGVER" main >/dev/null
fi
if [ "$(pg_lsclusters -h | awk -v v="$PGVER" '$1==v && $2=="main" {print $4}')" != "online" ]; then
  echo "[setup] starting PostgreSQL $PGVER"
  closed pg_ctlcluster "$PGVER" main start
fi
as_pg() { if [ "$(id -u)" -eq 0 ]; then su postgres -c "$1"; else sudo -u postgres bash -c "$1"; fi; }
for i in $(seq 1 30); do as_pg "psql -qtAc 'select 1'" >/dev/null 2>&1 && break; sleep 0.5; done
# the test stacks side by side (three pytest workers, each with its app, ATS, providers and worker pools, beside a
# browser tests' or make dev's stack) need more than Debian's 100 connections: once per machine, then a restart
if [ "$(as_pg "psql -qtAc 'show max_connections'")" -lt 300 ]; then
  echo "[setup] PostgreSQL max_connections 300 (restarting it once)"
  as_pg "psql -qc 'alter system set max_connections = 300'" >/dev/null
  closed pg_ctlcluster "$PGVER" main restart
  for i in $(seq 1 30); do as_pg "psql -qtAc 'select 1'" >/dev/null 2>&1 && break; sleep 0.5; done
fi
as_pg "psql -qtAc \"select 1 from pg_roles where rolname='vitrine'\"" | grep -q 1 || \
  as_pg "psql -qc \"create role vitrine login password 'vitrine' createdb\""
for db in vitrine vitrine_test vitrine_e2e vitrine_bench; do
  as_pg "psql -qtAc \"select 1 from pg_database where datname='$db'\"" | grep -q 1 || \
    as_pg "createdb -O vitrine $db"
done
