"""OAuth2 client credentials: ``POST /sandbox/ats/oauth/token`` and the Bearer check of every other ATS call.

Clients and secrets come from ``PROVIDERS_ATS_CLIENTS`` (``id:secret,...``). A token is 32 random bytes; the ATS
keeps only its SHA-256 (``ats.tokens``, cached in memory), so a restart keeps issued tokens valid. Tokens expire
``ats_token_ttl_seconds`` after issue (chaos can make them die earlier than their ``expires_in`` says).
Errors follow RFC 6749/6750 (``error``, ``error_description``) and carry the ATS error shape as well.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from typing import Annotated
from urllib.parse import parse_qs

from fastapi import APIRouter, Depends, Request

from providers.ats.errors import INVALID_CLIENT, INVALID_TOKEN, UNSUPPORTED_GRANT_TYPE, AtsError, AtsRoute
from providers.ats.runtime import Ats, get_ats

router = APIRouter(prefix="/sandbox/ats", tags=["ATS sandbox"], route_class=AtsRoute)
AtsDep = Annotated[Ats, Depends(get_ats)]


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _oauth_error(status: int, code: str, message: str, headers: dict[str, str] | None = None) -> AtsError:
    return AtsError(status, code, message, headers=headers, extra={"error": code, "error_description": message})


async def _form(request: Request) -> dict[str, str]:
    """The form fields (``application/x-www-form-urlencoded``, as RFC 6749 says; a JSON object is accepted too)."""
    raw = await request.body()
    if len(raw) > 4096:
        raise _oauth_error(400, "invalid_request", "The request body is too large")
    if request.headers.get("content-type", "").startswith("application/json"):
        try:
            data = json.loads(raw or b"{}")
        except ValueError:
            raise _oauth_error(400, "invalid_request", "Malformed JSON body") from None
        return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}
    return {k: v[0] for k, v in parse_qs(raw.decode(errors="replace")).items()}


@router.post("/oauth/token")
async def token(ats: AtsDep, request: Request) -> dict[str, str | int]:
    """Client-credentials grant (form ``grant_type``, ``client_id``, ``client_secret``):
    ``{access_token, token_type: "Bearer", expires_in}``."""
    form = await _form(request)
    grant_type, client_id, client_secret = (form.get(k, "") for k in ("grant_type", "client_id", "client_secret"))
    if grant_type != "client_credentials":
        raise _oauth_error(400, UNSUPPORTED_GRANT_TYPE, "Only the client_credentials grant is supported")
    expected = ats.clients.get(client_id)
    if expected is None or not hmac.compare_digest(expected.encode(), client_secret.encode()):
        raise _oauth_error(401, INVALID_CLIENT, "Unknown client or wrong secret", {"WWW-Authenticate": "Basic"})
    ttl = ats.settings.ats_token_ttl_seconds
    now = ats.now()
    expires_at = now + ttl * ats.chaos.config.token_lifetime_fraction
    access = secrets.token_urlsafe(32)
    async with ats.pool.acquire() as conn:
        await conn.execute(
            "INSERT INTO tokens (token_hash, client_id, expires_at, created) VALUES ($1, $2, $3, $4)",
            _hash(access), client_id, expires_at, now,
        )
    ats.tokens[_hash(access)] = (client_id, expires_at)
    return {"access_token": access, "token_type": "Bearer", "expires_in": int(ttl)}


def _invalid(message: str) -> AtsError:
    return _oauth_error(401, INVALID_TOKEN, message, {"WWW-Authenticate": 'Bearer error="invalid_token"'})


async def caller(request: Request) -> str:
    """The client id of a valid Bearer token (401 ``invalid_token`` otherwise); draws this call's chaos first.
    It reads the ``Authorization`` header and the ATS itself: a dependency of its own and a validated header
    parameter cost FastAPI more per call than the check."""
    ats = await get_ats(request)
    scheme, _, value = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not value:
        raise _invalid("A Bearer access token is required")
    ats.chaos.on_call()
    digest = _hash(value.strip())
    cached = ats.tokens.get(digest)
    if cached is None:
        async with ats.pool.acquire() as conn:
            row = await conn.fetchrow("SELECT client_id, expires_at FROM tokens WHERE token_hash = $1 AND NOT revoked", digest)
        if row is None:
            raise _invalid("Unknown access token")
        cached = ats.tokens[digest] = (row["client_id"], row["expires_at"])
    client_id, expires_at = cached
    if ats.now() >= expires_at:
        ats.tokens.pop(digest, None)
        raise _invalid("The access token has expired")
    return client_id


Caller = Annotated[str, Depends(caller)]
