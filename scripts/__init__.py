"""Developer scripts (run as files); a package so tests can reuse scripts/stack.py."""
