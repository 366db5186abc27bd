"""Authentication and account calls (spec doc 1 §4, §7 "Authentication and account")."""

from __future__ import annotations

import logging
import time
from datetime import UTC, datetime

from fastapi import APIRouter, Request
from fastapi.responses import Response
from sqlalchemy import select
from sqlmodel import col

from api.deps import SESSION_EXPIRED, CurrentUser, Db, Mode, State, bearer_token
from api.email_flow import start_email_verification
from api.errors import ApiError
from api.render import json_response
from api.schemas import Detail, EmailIn, LoginIn, LoginOut, RegisteredOut, RegistrationIn, TokenIn, TokenOut
from api.security import decode_token, issue_token, refresh_window
from api.sessions import revoked_key, token_revoked
from api.users_view import access_of, user_json
from domain import validation as v
from domain.access import NOT_AUTHORISED_FOR_EARLY_ACCESS, SPECIAL, has_special_access
from store.models import Email, User
from store.passwords import hash_password, verify_password
from store.users import create_user, find_by_login

log = logging.getLogger("vitrine.api")
router = APIRouter(tags=["auth"])


def _require(message: str | None, field: str) -> None:
    if message:
        raise ApiError(422, message, field=field)


async def _start_verification(state: State, user_id: int, email_id: int, *, resend: bool = False) -> None:
    try:
        await start_email_verification(state, user_id, email_id, resend=resend)
    except Exception:  # the account is saved; the user can ask for the mail again
        log.exception("could not start e-mail verification for e-mail %s", email_id)
        if resend:
            raise ApiError(503, v.NETWORK_FAILURE) from None


@router.post("/api/v3/auth/login/", response_model=LoginOut)
async def login(body: LoginIn, request: Request, state: State, db: Db, mode: Mode) -> LoginOut:
    identifier = (body.email or body.username or "").strip()
    if not identifier:
        raise ApiError(422, v.ENTER_VALID_EMAIL, field="email")
    _require(v.password_error(body.password), "password")
    s = state.settings
    user = await find_by_login(db, identifier)
    account = login_key(user.id) if user else f"login:{identifier.lower()}"  # e-mail or username: one account
    await state.limiter.hit("login", request, account)
    proven = await verify_password(user.password_hash if user else None, body.password, s.password_hash_profile)
    if not proven or user is None or not user.is_active:
        raise ApiError(422, v.UNABLE_TO_LOGIN)
    if mode == SPECIAL and not has_special_access(await access_of(db, user.id), datetime.now(UTC)):
        raise ApiError(403, NOT_AUTHORISED_FOR_EARLY_ACCESS)
    await state.limiter.clear("login", account)
    token = issue_token(s, user.id, remember_me=body.remember_me, gen=user.session_generation, password_proven=True)
    return LoginOut(token=token, exchange_token=issue_token(s, user.id, gen=user.session_generation), user_id=user.id)


def login_key(user_id: int) -> str:
    """The rate-limit key of an account's password checks (login, and the current password on the settings page)."""
    return f"user:{user_id}"


@router.post("/api/auth/registration/", status_code=201, responses={201: {"model": RegisteredOut}})
async def register(body: RegistrationIn, request: Request, state: State, db: Db) -> Response:
    email = v.normalize_email(body.email)
    _require(v.email_error(email), "email")
    _require(v.password_error(body.password), "password")
    s = state.settings
    await state.limiter.hit("registration", request)
    if await db.scalar(select(col(Email.id)).where(col(Email.email) == email)) or await find_by_login(db, email):
        raise ApiError(422, v.EMAIL_TAKEN, field="email")
    user, row = await create_user(db, email=email, password_hash=await hash_password(body.password, s.password_hash_profile),
                                  referral_code=body.referral_code.strip())
    await db.commit()
    await _start_verification(state, user.id, row.id)
    payload = await user_json(db, user, s)
    token = issue_token(s, user.id, password_proven=True)
    return json_response({"user": payload, "token": token, "user_id": user.id}, status=201)


@router.post("/api/token-refresh/", response_model=TokenOut)
async def refresh(body: TokenIn, state: State, db: Db) -> Response:
    s = state.settings
    claims = decode_token(s, body.token)
    expired = ApiError(401, SESSION_EXPIRED)  # the session is over: sign in again
    if claims is None or await token_revoked(state.redis, claims):
        raise expired
    if time.time() - claims.orig_iat > refresh_window(s, claims):
        raise expired
    user = await db.get(User, claims.user_id)
    if user is None or not user.is_active or claims.gen < user.session_generation:
        raise expired
    # no password proof on a refreshed token: changing the password or e-mail needs a fresh login (or the password)
    token = issue_token(s, user.id, remember_me=claims.remember_me, orig_iat=claims.orig_iat, gen=user.session_generation)
    return json_response({"token": token})


@router.post("/api/auth/logout/", response_model=Detail)
async def logout(request: Request, user: CurrentUser, state: State) -> Detail:
    claims = decode_token(state.settings, bearer_token(request) or "")
    if claims is not None:
        await state.redis.set(revoked_key(claims.jti), b"1", ex=max(1, claims.exp - int(time.time())))
    return Detail(detail="Successfully logged out.")


@router.post("/api/auth/email/verify/", response_model=Detail)
async def resend_verification(body: EmailIn, request: Request, user: CurrentUser, state: State, db: Db) -> Detail:
    email = v.normalize_email(body.email)
    _require(v.email_error(email), "email")
    await state.limiter.hit("resend-verification", request, user.id)
    row = await db.scalar(select(Email).where(col(Email.user_id) == user.id, col(Email.email) == email))
    if row is None:
        raise ApiError(422, "This e-mail address is not one of yours.", field="email")
    if row.verified:
        raise ApiError(422, "This e-mail address is already verified.", field="email")
    await _start_verification(state, user.id, row.id, resend=True)
    return Detail(detail="Verification e-mail sent.")
