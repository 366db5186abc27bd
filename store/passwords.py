"""How passwords are stored: argon2id hashes (used by the api's sign-up and login and by the demo seed).

The cost is a named profile (`Settings.password_hash_profile`): RFC 9106's low-memory recommendation, argon2-cffi's
own default (3 passes over 64 MiB, 4 lanes: about a quarter of a second of CPU here), everywhere but in the test
stacks. Those create thousands of accounts and log in thousands of times on two cores, so they hash with the same
algorithm and format at the cheapest cost (`TEST_ONLY_CHEAP`), which Settings refuses outside a test environment
(config.CHEAP_PASSWORD_ENVS). Verifying reads the cost from the stored hash itself: a hash of either profile verifies
anywhere."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from argon2 import PasswordHasher, profiles
from argon2.exceptions import InvalidHashError, VerificationError

from config import PasswordProfile

RECOMMENDED: PasswordProfile = "rfc9106-low-memory"
TEST_ONLY_CHEAP: PasswordProfile = "test-only-cheap"

_PARAMETERS = {
    RECOMMENDED: profiles.RFC_9106_LOW_MEMORY,
    TEST_ONLY_CHEAP: replace(profiles.RFC_9106_LOW_MEMORY, time_cost=1, memory_cost=1024, parallelism=1),
}
_HASHERS = {name: PasswordHasher.from_parameters(p) for name, p in _PARAMETERS.items()}
# a real hash per profile to verify against when the user does not exist, so timing does not reveal accounts
_DUMMY_HASHES = {name: h.hash("not-a-real-password") for name, h in _HASHERS.items()}


async def hash_password(password: str, profile: PasswordProfile = RECOMMENDED) -> str:
    """Argon2id is slow on purpose: it runs in a worker thread (the library releases the GIL), so one sign-up or
    login does not stall every other request of this api process."""
    return await asyncio.to_thread(_HASHERS[profile].hash, password)


def _verify(password_hash: str | None, password: str, profile: PasswordProfile) -> bool:
    try:
        return _HASHERS[profile].verify(password_hash or _DUMMY_HASHES[profile], password) and password_hash is not None
    except (VerificationError, InvalidHashError):
        return False


async def verify_password(password_hash: str | None, password: str, profile: PasswordProfile = RECOMMENDED) -> bool:
    return await asyncio.to_thread(_verify, password_hash, password, profile)
