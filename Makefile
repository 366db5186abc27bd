# Vitrine — the two commands: `make dev` (whole stack with demo data) and `make test` (every test).
SHELL := /bin/bash
PY := .venv/bin/python
# Python writes its bytecode caches (__pycache__, pytest's rewritten test modules too) even where the environment says
# not to: without them every process (each pytest worker, `python -m worker`, api, alembic) compiled every module it
# imported from source, and the Temporal worker's default build id compiled them all once more (docs/testing.md)
unexport PYTHONDONTWRITEBYTECODE
# under `make test`, each stage's first line: `[stage] <target> started HH:MM:SS @<epoch>`; .ci/run turns them into
# each stage's time
STAGE = $(if $(filter test,$(MAKECMDGOALS)),@echo "[stage] $@ started $$(date +%T) @$$(date +%s.%N)")

.PHONY: dev test setup checks test-python test-frontend test-e2e lint openapi bench bench-flows bench-purchase bench-ats bench-orders bench-bundle bench-chaos chaos explore test-repeat fuzz temporal-pg chaos-temporal-pg

dev: setup
	@$(PY) scripts/stack.py dev

test: setup checks test-python test-e2e
	@echo "make test: all suites passed"

# lint and test-frontend side by side (each mostly one process on one core: mypy, tsc); each one's output whole when
# it ends, and make's error line names the one that failed (scripts/ci_summary.py reads it)
checks:
	$(STAGE)
	@$(MAKE) --no-print-directory -j2 --output-sync=target lint test-frontend

setup:
	$(STAGE)
	@scripts/setup.sh

# mypy (the longest) on one core beside the other checks in turn on the other; its output follows theirs, and either
# failing fails lint. Its incremental cache is kept per machine, outside the checkout, so a fresh clone re-checks only
# what changed (mypy compares each file's hash; 120 s cold, 37 s from another clone's cache, 5 s warm: docs/testing.md)
MYPY_CACHE ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/vitrine/mypy
lint:
	$(STAGE)
	@.venv/bin/ruff check .
	@scripts/beside.sh '.venv/bin/mypy --cache-dir "$(MYPY_CACHE)" .' '.venv/bin/lint-imports --no-cache && $(PY) scripts/gen_rules.py --check && \
		$(PY) scripts/export_openapi.py --check && cd frontend && npm run -s lint'

# three pytest-xdist workers on two cores (most tests wait on timers and processes), each a session of its own
# (database, Redis, Temporal server, providers: tests/conftest.py);
# a module's tests on one worker, the chaos package's on one, the longest first; then the 30 slowest tests' times
test-python:
	$(STAGE)
	@$(PY) -m pytest -n $${VITRINE_TEST_WORKERS:-3} --dist loadgroup --no-loadscope-reorder --durations=30

# tsc on one core; on the other Vitest (one worker: its files share the worker's modules), then the bundle (vite
# build: `npm run build` would run tsc again); tsc's output follows theirs, and either failing fails the stage
test-frontend:
	$(STAGE)
	@cd frontend && ../scripts/beside.sh 'npm run -s typecheck' 'npm test --silent -- --maxWorkers=1 && npx vite build >/dev/null'
	@$(PY) -m bench.bundle --no-build

# the schemathesis run of `make test`, long: 200 cases per operation and phase, 20 minutes at most, a random seed
# (printed; VITRINE_FUZZ_SEED=N replays it)
fuzz: setup
	@VITRINE_FUZZ_EXAMPLES=$${VITRINE_FUZZ_EXAMPLES:-200} VITRINE_FUZZ_MAX_TIME=$${VITRINE_FUZZ_MAX_TIME:-1200} \
		VITRINE_FUZZ_SEED=$${VITRINE_FUZZ_SEED:-0} $(PY) -m pytest -s -p no:logging tests/api/test_schemathesis.py

# node's TAP output is teed to .data/ci/e2e.tap, then each browser test's time (scripts/e2e_times.py); the exit code
# is the tests'
test-e2e:
	$(STAGE)
	@mkdir -p .data/ci; set -o pipefail; \
		$(PY) scripts/stack.py e2e -- npm --prefix frontend run -s e2e | tee .data/ci/e2e.tap; rc=$$?; \
		$(PY) scripts/e2e_times.py .data/ci/e2e.tap || true; exit $$rc

openapi: setup
	@$(PY) scripts/export_openapi.py frontend/openapi.json && cd frontend && npm run -s gen:api

bench: setup
	@$(PY) -m bench.catalogue
	@$(PY) -m bench.flows
	@$(PY) -m bench.purchase

bench-flows: setup
	@$(PY) -m bench.flows

bench-purchase: setup
	@$(PY) -m bench.purchase

bench-ats: setup
	@$(PY) -m bench.ats_engine
	@$(PY) -m bench.ats_http

bench-bundle: setup
	@$(PY) -m bench.bundle

bench-orders: setup
	@$(PY) -m bench.orders

# the production shape's Temporal (docker-compose.yml: the server on PostgreSQL) in the foreground, apart from make
# dev and make test: built from its Go module once per machine, its databases and schemas made (scripts/temporal_pg.sh)
temporal-pg: setup
	@scripts/temporal_pg.sh

# the chaos suite's restart journey (Temporal, PostgreSQL and Redis killed mid-journey) with that server in place of
# the dev server (tests/chaos/stack.py: VITRINE_CHAOS_TEMPORAL=pg); apart from make test
chaos-temporal-pg: setup
	@VITRINE_CHAOS_TEMPORAL=pg $(PY) -m pytest -q -p no:randomly tests/chaos/test_restarts.py

# the crash test with 100 journeys and 3 kills per target, then the PII scan (bench/chaos.py; SEED=N replays)
bench-chaos: setup
	@$(PY) -m bench.chaos $(if $(SEED),--seed $(SEED))

# exploration, apart from the gate: the seeded chaos tests (tests/seeds.py) at their big sizes and Hypothesis under
# its explore profile, a new seed every round, N rounds or MINUTES minutes; prints each failing seed and its replay
explore: setup
	@$(PY) -m scripts.explore $(if $(N),--runs $(N)) $(if $(MINUTES),--minutes $(MINUTES)) $(if $(TESTS),--tests "$(TESTS)")

chaos: explore

# TESTS run N times (fresh pytest each), HOG=1 beside a busy loop on every core, ORDER=random in random order
# (its seed printed); prints each test's failures out of N
test-repeat: setup
	@$(PY) -m scripts.test_repeat -n $(or $(N),10) $(if $(HOG),--hog) $(if $(ORDER),--order $(ORDER)) $(or $(TESTS),tests)
