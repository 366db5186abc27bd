"""How passwords are stored: argon2id hashes (used by the api's sign-up and login and by the demo seed)."""

from __future__ import annotations

import asyncio

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

_hasher = PasswordHasher()  # argon2id with the library's recommended parameters
# a real hash to verify against when the user does not exist, so timing does not reveal accounts
_DUMMY_HASH = _hasher.hash("not-a-real-password")


async def hash_password(password: str) -> str:
    """Argon2id is slow on purpose (tens of ms of CPU): it runs in a worker thread (the library releases the GIL), so
    one sign-up or login does not stall every other request of this api process."""
    return await asyncio.to_thread(_hasher.hash, password)


def _verify(password_hash: str | None, password: str) -> bool:
    try:
        return _hasher.verify(password_hash or _DUMMY_HASH, password) and password_hash is not None
    except (VerificationError, InvalidHashError):
        return False


async def verify_password(password_hash: str | None, password: str) -> bool:
    return await asyncio.to_thread(_verify, password_hash, password)
