"""JWTs with refresh, and password-reset tokens (password hashing: `store.passwords`)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import time
from dataclasses import dataclass
from typing import Any

import jwt

from config import Settings


@dataclass(frozen=True)
class TokenClaims:
    user_id: int
    exp: int
    orig_iat: int
    remember_me: bool
    jti: str
    gen: int = 0  # the account's session generation when issued: older than the account's → refused
    pwd_at: int | None = None  # when the password was proven (login, sign-up, change); a refresh does not carry it


def issue_token(settings: Settings, user_id: int, *, remember_me: bool = False, orig_iat: int | None = None,
                gen: int = 0, password_proven: bool = False) -> str:
    now = int(time.time())
    payload: dict[str, Any] = {
        "user_id": user_id,
        "iat": now,
        "exp": now + settings.jwt_lifetime_seconds,
        "orig_iat": orig_iat or now,
        "rmb": remember_me,
        "jti": secrets.token_hex(12),
        "gen": gen,
    }
    if password_proven:
        payload["pwd_at"] = now
    return jwt.encode(payload, settings.secret_key, algorithm="HS256")


def decode_token(settings: Settings, token: str, *, verify_exp: bool = True) -> TokenClaims | None:
    try:
        data = jwt.decode(
            token,
            settings.secret_key,
            algorithms=["HS256"],
            options={"verify_exp": verify_exp, "require": ["exp", "user_id", "orig_iat", "jti"]},
        )
        pwd_at = data.get("pwd_at")
        return TokenClaims(int(data["user_id"]), int(data["exp"]), int(data["orig_iat"]), bool(data.get("rmb")),
                           str(data["jti"]), int(data.get("gen") or 0), int(pwd_at) if pwd_at is not None else None)
    except (jwt.PyJWTError, ValueError, TypeError, KeyError):
        return None


def password_recently_proven(settings: Settings, claims: TokenClaims | None) -> bool:
    """The token comes from a login (or sign-up, or password change) with the password moments ago."""
    if claims is None or claims.pwd_at is None:
        return False
    return 0 <= time.time() - claims.pwd_at <= settings.password_proof_seconds


def refresh_window(settings: Settings, claims: TokenClaims) -> int:
    return (
        settings.jwt_remember_me_refresh_window_seconds
        if claims.remember_me
        else settings.jwt_refresh_window_seconds
    )


def _reset_mac(settings: Settings, user_id: int, password_hash: str, ts: int) -> str:
    msg = f"{user_id}:{password_hash}:{ts}".encode()
    return hmac.new(settings.secret_key.encode(), msg, hashlib.sha256).hexdigest()[:32]


def make_reset_token(settings: Settings, user_id: int, password_hash: str) -> tuple[str, str]:
    """(uid, token): the token dies when the password changes or after the reset timeout."""
    ts = int(time.time())
    uid = base64.urlsafe_b64encode(str(user_id).encode()).decode().rstrip("=")
    return uid, f"{ts:x}-{_reset_mac(settings, user_id, password_hash, ts)}"


def reset_uid_to_user_id(uid: str) -> int | None:
    try:
        return int(base64.urlsafe_b64decode(uid + "=" * (-len(uid) % 4)).decode())
    except (ValueError, UnicodeDecodeError):
        return None


def check_reset_token(settings: Settings, user_id: int, password_hash: str, token: str) -> bool:
    try:
        ts_hex, mac = token.split("-", 1)
        ts = int(ts_hex, 16)
    except ValueError:
        return False
    if time.time() - ts > settings.password_reset_timeout_seconds:
        return False
    return hmac.compare_digest(mac, _reset_mac(settings, user_id, password_hash, ts))
