"""Request dependencies: state, database session, the caller, the application mode."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.ext.asyncio import AsyncSession

from api.errors import ApiError
from api.security import TokenClaims, decode_token
from api.sessions import revoked_key as revoked_key  # re-exported: callers that revoke a token by its jti
from api.sessions import token_revoked
from api.state import AppState
from domain.access import mode_for_host
from store.models import User

NOT_AUTHENTICATED = "Authentication credentials were not provided."
SESSION_EXPIRED = "Your session has expired, please try logging in again."


async def get_state(request: Request) -> AppState:  # async: a plain def would cost a thread-pool hop per request
    state: AppState = request.app.state.vitrine
    return state


State = Annotated[AppState, Depends(get_state)]


async def get_db(state: State) -> AsyncIterator[AsyncSession]:
    async with state.sessions() as session:
        yield session


Db = Annotated[AsyncSession, Depends(get_db)]


def bearer_token(request: Request) -> str | None:
    return bearer_of(request.headers.get("authorization", ""))


def bearer_of(header: str) -> str | None:
    """The token of an Authorization header (`JWT …` or `Bearer …`)."""
    scheme, _, token = header.partition(" ")
    if scheme.lower() in ("jwt", "bearer") and token.strip():
        return token.strip()
    return None


async def current_user(request: Request, state: State, db: Db) -> User:
    token = bearer_token(request)
    if token is None:
        raise ApiError(401, NOT_AUTHENTICATED)
    claims = decode_token(state.settings, token)
    if claims is None or await token_revoked(state.redis, claims):
        raise ApiError(401, SESSION_EXPIRED)
    user = await db.get(User, claims.user_id)
    if user is None or not user.is_active or claims.gen < user.session_generation:
        raise ApiError(401, SESSION_EXPIRED)
    request.state.jwt = claims
    return user


CurrentUser = Annotated[User, Depends(current_user)]


@dataclass(frozen=True)
class Caller:
    """Who calls, for the hot flow calls that need only the id: no database session per request."""

    id: int


async def current_caller(request: Request, state: State) -> Caller:
    """The same checks as `current_user` (signature, expiry, logout, session generation, an active account), the
    account's row read through the api's short cache (`auth_cache_seconds`) instead of a database session per
    request; a password change reaches it at once through the generation in Redis."""
    token = bearer_token(request)
    if token is None:
        raise ApiError(401, NOT_AUTHENTICATED)
    claims = await session_claims(state, token)
    if claims is None:
        raise ApiError(401, SESSION_EXPIRED)
    request.state.jwt = claims
    return Caller(claims.user_id)


async def session_claims(state: AppState, token: str) -> TokenClaims | None:
    """The token's claims while its session is good (signed, unexpired, not logged out, not older than the account's
    session generation, the account active as the short cache knows it); None otherwise."""
    claims = decode_token(state.settings, token)
    if claims is None or await state.revocations.revoked(claims):
        return None
    active, gen = await state.active_users.status(claims.user_id)
    return claims if active and claims.gen >= gen else None


CurrentCaller = Annotated[Caller, Depends(current_caller)]


async def app_mode(request: Request) -> str:  # async: a plain def costs a thread-pool hop per request
    host = request.headers.get("x-forwarded-host") or request.headers.get("host", "")
    return mode_for_host(host)


Mode = Annotated[str, Depends(app_mode)]


def own(user: User, user_id: int) -> None:
    """A user reads and changes only themselves: anybody else's id is not found."""
    if user.id != user_id:
        raise ApiError(404, "Not found.")


def client_ip(request: Request) -> str:
    """The real client address (X-Forwarded-For only from `trusted_proxies`; api/client_address.py)."""
    state: AppState = request.app.state.vitrine
    return state.limiter.client(request)
