"""Password reset and change, e-mail change and confirmation, the user resource (spec doc 1 §7)."""

from __future__ import annotations

import logging
import re
import secrets

from fastapi import APIRouter, Request
from fastapi.responses import Response
from sqlalchemy import func, select
from sqlmodel import col
from temporalio.client import WorkflowUpdateFailedError
from temporalio.service import RPCError, RPCStatusCode

from api.deps import CurrentUser, Db, State, own
from api.email_flow import start_email_verification
from api.errors import ApiError, ErrorItem
from api.middleware import etag_for, etag_matches
from api.params import Id
from api.render import json_response, render
from api.routes.auth import login_key
from api.schemas import (
    ChangeEmailIn,
    Detail,
    EmailConfirmedOut,
    EmailIn,
    KeyIn,
    PasswordChangedOut,
    PasswordChangeIn,
    ResetConfirmIn,
    UserPatchIn,
    UserView,
)
from api.security import (
    check_reset_token,
    issue_token,
    make_reset_token,
    password_recently_proven,
    reset_uid_to_user_id,
)
from api.sessions import bump_generation, publish_generation
from api.users_view import user_json
from clients.mail import ProviderError
from clients.temporal_updates import update_once
from domain import validation as v
from domain.password_change import password_change_errors
from domain.text import clean_text
from store.models import Email, EmailConfirmation, User
from store.passwords import hash_password, verify_password
from store.users import email_in_use, request_email_change
from workflows.email_verification import LINK_EXPIRED, ConfirmRequest, EmailVerificationWorkflow

log = logging.getLogger("vitrine.api")
router = APIRouter(tags=["account"])
RESET_LINK_INVALID = "The password reset link is invalid or has expired."
CONFIRM_KEY_INVALID = "This confirmation link is invalid."
USERNAME_RE = re.compile(r"^[\w.@+-]{3,150}$")


@router.post("/api/auth/password/reset/", response_model=Detail)
async def password_reset(body: EmailIn, request: Request, state: State, db: Db) -> Detail:
    email = v.normalize_email(body.email)
    if err := v.email_error(email):
        raise ApiError(422, err, field="email")
    s = state.settings
    await state.limiter.hit("reset", request, email)
    user = await db.scalar(select(User).where(col(User.email) == email))
    if user is not None and user.is_active:
        uid, token = make_reset_token(s, user.id, user.password_hash)
        link = f"{s.app_url.rstrip('/')}/new-password?uid={uid}&token={token}"
        try:
            await state.mail.send(
                to=user.email, subject="Reset your Vitrine password",
                text=f"Somebody asked to reset the password of your Vitrine account.\n\nChoose a new password here:\n{link}\n\n"
                     "If it was not you, ignore this message: your password stays as it is.",
                idempotency_key=f"password-reset:{user.id}:{token}",
            )
        except ProviderError:
            log.exception("password reset mail failed")
            raise ApiError(503, v.NETWORK_FAILURE) from None
    return Detail(detail="Password reset e-mail has been sent.")


@router.post("/api/auth/password/reset/confirm/", response_model=Detail)
async def password_reset_confirm(body: ResetConfirmIn, state: State, db: Db) -> Detail:
    if err := v.new_password_error(body.new_password1, body.new_password2):
        raise ApiError(422, err, field="new_password2" if err == v.PASSWORDS_SHOULD_MATCH else "new_password1")
    user_id = reset_uid_to_user_id(body.uid)
    user = await db.get(User, user_id) if user_id is not None else None
    if user is None or not check_reset_token(state.settings, user.id, user.password_hash, body.token):
        raise ApiError(422, RESET_LINK_INVALID, field="token")
    await _set_password(state, db, user, body.new_password1)
    return Detail(detail="Password has been reset with the new password.")


async def _set_password(state: State, db: Db, user: User, password: str) -> int:
    """The new password ends every session of the account (access and refresh tokens) and cancels a pending e-mail
    change (the owner who notices a stranger's change resets the password). Returns the new session generation."""
    user.password_hash = await hash_password(password, state.settings.password_hash_profile)
    user.pending_email_id = None
    gen = await bump_generation(db, user.id)
    await db.commit()
    await publish_generation(state.redis, state.settings, user.id, gen)
    return gen


async def _prove_password(request: Request, state: State, user: User, given: str | None, field: str) -> None:
    """The current password, or a token from a password login moments before; a refreshed token is not enough.
    Password guesses here share the account's login limit."""
    if given:
        await state.limiter.hit("login", request, login_key(user.id))
        if not await verify_password(user.password_hash, given, state.settings.password_hash_profile):
            raise ApiError(422, v.WRONG_CURRENT_PASSWORD, field=field)
        return
    if not password_recently_proven(state.settings, getattr(request.state, "jwt", None)):
        raise ApiError(422, v.CURRENT_PASSWORD_REQUIRED, field=field)


@router.post("/api/auth/password/change/", responses={200: {"model": PasswordChangedOut}})
async def password_change(body: PasswordChangeIn, request: Request, user: CurrentUser, state: State, db: Db) -> Response:
    """Every other session ends; this one continues with the token in the answer (the old one is refused too)."""
    # the settings form's rules (domain/password_change.py); the current password may be a login moments before
    if errors := password_change_errors(body.old_password, body.new_password1, body.new_password2,
                                        current_required=False):
        items = [ErrorItem(message=m, field=f) for f, m in errors.items()]
        raise ApiError(422, items[0].message, field=items[0].field, items=items)
    await _prove_password(request, state, user, body.old_password, "old_password")
    if await verify_password(user.password_hash, body.new_password1, state.settings.password_hash_profile):
        raise ApiError(422, v.SAME_PASSWORD, field="new_password1")
    gen = await _set_password(state, db, user, body.new_password1)
    remember = bool(getattr(request.state.jwt, "remember_me", False))
    token = issue_token(state.settings, user.id, remember_me=remember, gen=gen, password_proven=True)
    return json_response({"detail": "New password has been saved.", "token": token})


@router.post("/api/auth/change-email/", response_model=Detail)
async def change_email(body: ChangeEmailIn, request: Request, user: CurrentUser, state: State, db: Db) -> Detail:
    """The new address becomes the login address once confirmed; the old one keeps working until then and is told."""
    email = v.normalize_email(body.email)
    if err := v.email_error(email):
        raise ApiError(422, err, field="email")
    if email == user.email:
        raise ApiError(422, "This is already your e-mail address.", field="email")
    await state.limiter.hit("change-email", request, user.id)
    await _prove_password(request, state, user, body.password, "password")
    if await email_in_use(db, email, except_user=user.id):
        raise ApiError(422, v.EMAIL_TAKEN, field="email")
    old = user.email
    row, switched, created = await request_email_change(db, user, email)
    try:
        await state.mail.send(to=old, subject="Your Vitrine e-mail address is being changed",
                              text=_change_notice(state, old, email, switched),
                              idempotency_key=f"email-change-notice:{row.id}:{secrets.token_hex(8)}")
    except ProviderError:
        log.exception("could not tell the old address of user %s about the e-mail change", user.id)
        raise ApiError(503, v.NETWORK_FAILURE) from None
    await db.commit()
    if switched:
        return Detail(detail="Your e-mail address was changed.")
    try:
        await start_email_verification(state, user.id, row.id, resend=not created)
    except Exception:
        log.exception("could not start e-mail verification for e-mail %s", row.id)
    return Detail(detail=f"Please verify your new e-mail address: we sent a link to {email}. "
                         "It becomes your login address once confirmed.")


def _change_notice(state: State, old: str, new: str, switched: bool) -> str:
    when = "from now on" if switched else "once the new address is confirmed; until then you keep logging in with this one"
    return (f"Somebody asked to change the e-mail address of your Vitrine account from {old} to {new}.\n\n"
            f"The change takes effect {when}.\n\n"
            "If it was not you, reset your password now: that ends every session and cancels the change.\n"
            f"{state.settings.app_url.rstrip('/')}/password-reset")


@router.post("/api/auth/email/confirm/", responses={200: {"model": EmailConfirmedOut}})
async def email_confirm(body: KeyIn, state: State, db: Db) -> Response:
    key = clean_text(body.key)
    conf = await db.scalar(select(EmailConfirmation).where(col(EmailConfirmation.key) == key)) if key else None
    if conf is None:
        raise ApiError(422, CONFIRM_KEY_INVALID, field="key")
    if conf.expired_at is not None:
        raise ApiError(422, LINK_EXPIRED, field="key")
    if conf.confirmed_at is None:
        client = await state.temporal()
        handle = client.get_workflow_handle(conf.workflow_id)
        try:  # sent once with its id (again only with the same id): no worker answering → 503 + Retry-After
            await update_once(lambda uid, timeout: handle.execute_update(
                EmailVerificationWorkflow.confirm, ConfirmRequest(conf.id), id=uid, rpc_timeout=timeout),
                state.answer_wait)
        except WorkflowUpdateFailedError as exc:
            raise ApiError(422, str(getattr(exc.cause, "message", None) or LINK_EXPIRED), field="key") from None
        except RPCError as exc:
            if exc.status != RPCStatusCode.NOT_FOUND:  # the worker is down or restarting: api/errors → 503
                raise
            raise ApiError(422, LINK_EXPIRED, field="key") from None  # the workflow has finished: the link expired
    row = await db.get(Email, conf.email_id)
    return json_response({"detail": "E-mail confirmed.", "email": row.email if row else None})


async def _user_payload(state: State, db: Db, user: User) -> tuple[bytes, str]:
    body = render(await user_json(db, user, state.settings))
    return body, etag_for(body)


@router.get("/api/auth/user/", responses={200: {"model": UserView}})
async def get_me(user: CurrentUser, state: State, db: Db) -> Response:
    body, etag = await _user_payload(state, db, user)
    return Response(body, media_type="application/json", headers={"ETag": etag})


@router.patch("/api/auth/user/", responses={200: {"model": UserView}})
async def patch_me(body: UserPatchIn, request: Request, user: CurrentUser, state: State, db: Db) -> Response:
    if_match = request.headers.get("if-match")
    if if_match:
        _, current = await _user_payload(state, db, user)
        if not etag_matches(if_match, current):
            raise ApiError(412, "The user was changed elsewhere; reload and try again.")
    for name in ("first_name", "last_name", "middle_initial"):
        value = getattr(body, name)
        if value is not None:
            value = clean_text(value)
            if name == "middle_initial" and value and not value.isalpha():
                raise ApiError(422, "The middle initial must be a letter.", field=name)
            setattr(user, name, value)
    if body.username is not None:
        username = clean_text(body.username)
        if not USERNAME_RE.match(username):
            raise ApiError(422, "Enter a valid username: 3-150 letters, digits and @/./+/-/_ characters.", field="username")
        taken = await db.scalar(select(col(User.id)).where(func.lower(col(User.username)) == username.lower(),
                                                           col(User.id) != user.id))
        if taken:
            raise ApiError(422, "A user with that username already exists.", field="username")
        user.username = username
    await db.commit()
    await db.refresh(user)
    data, etag = await _user_payload(state, db, user)
    return Response(data, media_type="application/json", headers={"ETag": etag})


@router.get("/api/users/{user_id}", responses={200: {"model": UserView}})
async def get_user(user_id: Id, user: CurrentUser, state: State, db: Db) -> Response:
    own(user, user_id)
    body, etag = await _user_payload(state, db, user)
    return Response(body, media_type="application/json", headers={"ETag": etag})
