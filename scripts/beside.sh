#!/usr/bin/env bash
# scripts/beside.sh 'A' 'B': A runs in the background (one core) while B runs (the other); A's output is printed
# after B's, and either failing fails (make lint: mypy beside the other checks; make test-frontend: tsc beside Vitest)
log=$(mktemp)
bash -c "$1" >"$log" 2>&1 &
a=$!
bash -c "$2"
rc=$?
wait "$a"
arc=$?
cat "$log"
rm -f "$log"
exit $(( rc || arc ))
