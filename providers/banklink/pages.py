"""The hosted bank-link page: pick a bank, sign in with sandbox credentials, pick an account, go back.

Plain HTML forms: each step POSTs here and is answered with a 303 to the next step; the last one redirects
to the link token's ``return_url`` with ``?public_token=&account_id=&institution=&institution_name=``.
"Exit" redirects there with ``?status=cancelled``. Wrong credentials re-render the sign-in form with
"The credentials you entered were incorrect.".
"""

from __future__ import annotations

import hmac
import sqlite3
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from providers import jobs
from providers.banklink import records, views
from providers.banklink.banks import BY_ID
from providers.common import SettingsDep, StorageDep
from providers.pages import TokenQuery, html, read, read_form, redirect, with_query, write
from providers.sqlite import Storage

router = APIRouter(tags=["bank link page"])

WRONG_CREDENTIALS = "The credentials you entered were incorrect."
EXPIRED_LINK = "This bank link has expired or is not valid."
EXPIRED_SESSION = "Your bank session has expired."


async def valid_token(storage: Storage, token: str) -> sqlite3.Row | None:
    return await read(storage, lambda conn: records.link_token(conn, token, jobs.now_epoch()))


@router.get("/banklink/link", response_class=HTMLResponse)
async def link_page(storage: StorageDep, token: TokenQuery = "") -> Response:
    if not token or await valid_token(storage, token) is None:
        return html(views.problem(EXPIRED_LINK), 400)
    return html(views.choose_bank(token))


@router.post("/banklink/link/institution")
async def pick_institution(request: Request, storage: StorageDep) -> Response:
    form = await read_form(request)
    token, institution = form.get("token", ""), form.get("institution", "")
    if not token or await valid_token(storage, token) is None:
        return html(views.problem(EXPIRED_LINK), 400)
    if institution not in BY_ID:
        return redirect("/banklink/link?" + urlencode({"token": token}))
    return redirect("/banklink/link/login?" + urlencode({"token": token, "institution": institution}))


@router.get("/banklink/link/login", response_class=HTMLResponse)
async def login_page(storage: StorageDep, token: TokenQuery = "", institution: TokenQuery = "") -> Response:
    if not token or await valid_token(storage, token) is None:
        return html(views.problem(EXPIRED_LINK), 400)
    if institution not in BY_ID:
        return redirect("/banklink/link?" + urlencode({"token": token}))
    return html(views.login(token, BY_ID[institution]))


def _credentials_ok(username: str, password: str) -> bool:
    good_user = hmac.compare_digest(username.strip().encode(), records.SANDBOX_USERNAME.encode())
    return hmac.compare_digest(password.encode(), records.SANDBOX_PASSWORD.encode()) and good_user


@router.post("/banklink/link/login")
async def login(request: Request, storage: StorageDep) -> Response:
    form = await read_form(request)
    token, institution = form.get("token", ""), form.get("institution", "")
    if not token or await valid_token(storage, token) is None:
        return html(views.problem(EXPIRED_LINK), 400)
    if institution not in BY_ID:
        return redirect("/banklink/link?" + urlencode({"token": token}))
    username = form.get("username", "")
    if not _credentials_ok(username, form.get("password", "")):
        page = views.login(token, BY_ID[institution], error=WRONG_CREDENTIALS, username=username[:100])
        return html(page, 200)
    session_id = await write(storage, lambda conn: records.open_session(conn, token, institution, jobs.now_epoch()))
    return redirect("/banklink/link/accounts?" + urlencode({"session": session_id}))


@router.get("/banklink/link/accounts", response_class=HTMLResponse)
async def accounts_page(storage: StorageDep, session: TokenQuery = "") -> Response:
    row = await read(storage, lambda conn: records.session(conn, session, jobs.now_epoch()))
    if row is None:
        return html(views.problem(EXPIRED_SESSION), 400)
    return html(views.accounts(session, row["link_token"], BY_ID[row["institution_id"]]))


@router.post("/banklink/link/accounts")
async def choose_account(request: Request, storage: StorageDep, settings: SettingsDep) -> Response:
    form = await read_form(request)
    session_id, kind = form.get("session", ""), form.get("account", "")

    def complete(conn: sqlite3.Connection) -> tuple[sqlite3.Row | None, dict[str, str] | None]:
        at = jobs.now_epoch()
        row = records.session(conn, session_id, at)
        if row is None or kind not in records.ACCOUNT_KINDS:
            return row, None
        return row, records.complete_session(conn, settings, row, kind, at)

    row, result = await write(storage, complete)
    if row is None:
        return html(views.problem(EXPIRED_SESSION), 400)
    if result is None:
        institution = BY_ID[row["institution_id"]]
        page = views.accounts(session_id, row["link_token"], institution, error="Choose an account to continue.")
        return html(page, 200)
    return redirect(with_query(row["return_url"], result))


@router.get("/banklink/link/exit")
async def exit_link(storage: StorageDep, token: TokenQuery = "") -> Response:
    row = await valid_token(storage, token) if token else None
    if row is None:
        return html(views.problem(EXPIRED_LINK), 400)
    return redirect(with_query(row["return_url"], {"status": "cancelled"}))
