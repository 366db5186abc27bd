"""Ports for the servers tests and throwaway stacks start, that nothing takes between their choice and their bind.

A port the kernel hands out for port 0 comes from its ephemeral range, where any outgoing connection of any process
may take it before the child binds it (seen as a stack that did not start: "address already in use"). These come
from below that range, away from the ports the project's own servers use, are bindable when chosen, and are
reserved across processes (several pytest processes may run at once) by a lock file holding the owner's pid: a
lock whose owner died is taken over, a process's own locks are removed when it exits. Stdlib only."""

from __future__ import annotations

import atexit
import contextlib
import fcntl
import os
import random
import socket
from collections.abc import Collection, Iterator
from pathlib import Path

LOCKS = Path("/tmp/vitrine-ports")
LOW = 15000
# the project's fixed ports: PostgreSQL, Vite, Redis (dev, e2e, tests), Temporal (dev, e2e), the apps and UIs
TAKEN = [(5173, 5173), (5432, 5432), (6379, 6400), (7233, 7250), (8000, 8300)]
EPHEMERAL = Path("/proc/sys/net/ipv4/ip_local_port_range")
ATTEMPTS = 500

choose = random.Random().randint  # (low, high) -> a candidate; a test may replace it
held: set[int] = set()  # the ports this process reserved


def ephemeral_range() -> tuple[int, int]:
    try:
        low, high = (int(x) for x in EPHEMERAL.read_text().split())
        return low, high
    except (OSError, ValueError):
        return 32768, 60999


def pool() -> tuple[int, int]:
    """The ports to choose from: below the ephemeral range, or above it when it starts too low to leave room."""
    low, high = ephemeral_range()
    if low - 1 - LOW >= 1000:
        return LOW, low - 1
    if 65535 - high >= 1000:
        return high + 1, 65535
    return LOW, 32767  # a range that covers nearly everything: the bind check and the locks still hold


def wanted(port: int) -> bool:
    return port not in held and not any(a <= port <= b for a, b in TAKEN)


def bindable(port: int) -> bool:
    """Nothing is bound to the port on any address (the dev api binds 0.0.0.0, the rest 127.0.0.1)."""
    with socket.socket() as s:
        try:
            s.bind(("0.0.0.0", port))
        except OSError:
            return False
    return True


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _owner(lock: Path) -> int | None:
    try:
        text = lock.read_text().strip()
        return int(text) if text else None
    except (OSError, ValueError):
        return None


@contextlib.contextmanager
def _takeover() -> Iterator[None]:
    """Taking over stale locks one process at a time: two that both saw a dead owner would each remove the lock
    the other had just made."""
    with open(LOCKS / ".takeover", "a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        yield


def _create(lock: Path) -> bool:
    try:
        fd = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
    except FileExistsError:
        return False
    with os.fdopen(fd, "w") as f:
        f.write(str(os.getpid()))
    return True


def reserve(port: int) -> bool:
    """The port's lock for this process: made, or taken over from a dead owner."""
    LOCKS.mkdir(mode=0o777, parents=True, exist_ok=True)
    lock = LOCKS / f"{port}.lock"
    if _create(lock):
        return True
    with _takeover():
        if _create(lock):  # released meanwhile
            return True
        owner = _owner(lock)
        if owner is None or owner == os.getpid() or _alive(owner):
            return False  # no pid yet: a lock being written
        lock.unlink(missing_ok=True)
        return _create(lock)


def free_port() -> int:
    """A port outside the ephemeral range, bindable now and reserved for this process until it exits."""
    low, high = pool()
    for _ in range(ATTEMPTS):
        port = choose(low, high)
        if wanted(port) and bindable(port) and reserve(port):
            held.add(port)
            return port
    raise RuntimeError(f"no free port in {low}-{high} after {ATTEMPTS} attempts")


@atexit.register
def release(only: Collection[int] | None = None) -> None:
    """This process's locks (of `only`, when given); a fork's child shares `held` but not the pid, and leaves them."""
    for port in list(held if only is None else held & set(only)):
        lock = LOCKS / f"{port}.lock"
        if _owner(lock) == os.getpid():
            lock.unlink(missing_ok=True)
        held.discard(port)
