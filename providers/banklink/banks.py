"""The sandbox banks: institutions (shared by bank link and payments) and what reached each bank account.

``GET /sandbox/banks/transactions?routing=R&account=A`` (JSON, newest last) and ``GET /sandbox/banks``
(an HTML statement for a person) list the credits that reached an account: the payment provider's
micro-deposits after their delay and processed withdrawals. No provider key: it stands for the user's bank.
"""

from __future__ import annotations

import html
import sqlite3
from dataclasses import dataclass
from decimal import Decimal
from typing import Annotated

from fastapi import APIRouter, Query
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse
from pydantic import BaseModel

from providers import jobs
from providers.common import StorageDep
from providers.sqlite import Storage

SCHEMA = (
    """
    CREATE TABLE IF NOT EXISTS bank_transactions (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        routing_number TEXT NOT NULL,
        account_number TEXT NOT NULL,
        amount TEXT NOT NULL,
        description TEXT NOT NULL,
        created TEXT NOT NULL
    )
    """,
    "CREATE INDEX IF NOT EXISTS bank_transactions_account ON bank_transactions (routing_number, account_number, seq)",
)

MICRO_DEPOSIT = "VITRINE MICRO-DEPOSIT"
WITHDRAWAL = "VITRINE WITHDRAWAL"
UNKNOWN_BANK = "Sandbox Bank"

router = APIRouter(tags=["sandbox banks"])


@dataclass(frozen=True)
class Institution:
    id: str
    name: str
    initials: str
    colour: str
    routing_number: str  # fictional, checksum-valid


INSTITUTIONS: tuple[Institution, ...] = (
    Institution("ins_harbor", "Harbor National Bank", "HN", "#1f4e79", "440000107"),
    Institution("ins_maple", "Maple Federal Credit Union", "MF", "#9a3412", "440000204"),
    Institution("ins_summit", "Summit Savings Bank", "SS", "#047857", "440000301"),
    Institution("ins_riverbend", "Riverbend Bank", "RB", "#6d28d9", "440000408"),
    Institution("ins_goldengate", "Golden Gate Trust", "GG", "#854d0e", "440000505"),
    Institution("ins_prairie", "Prairie Community Bank", "PC", "#be123c", "440000602"),
)
BY_ID = {i.id: i for i in INSTITUTIONS}
BY_ROUTING = {i.routing_number: i for i in INSTITUTIONS}


def bank_name(routing_number: str) -> str:
    found = BY_ROUTING.get(routing_number)
    return found.name if found else UNKNOWN_BANK


class BankTransaction(BaseModel):
    amount: str
    description: str
    created: str


def record(conn: sqlite3.Connection, routing: str, account: str, amount: Decimal, description: str, at: float) -> None:
    conn.execute(
        "INSERT INTO bank_transactions (routing_number, account_number, amount, description, created) VALUES (?, ?, ?, ?, ?)",
        (routing, account, f"{amount:.2f}", description, jobs.iso(at)),
    )


def list_transactions(storage: Storage, routing: str, account: str) -> list[BankTransaction]:
    with storage.reader() as conn:
        rows = conn.execute(
            "SELECT amount, description, created FROM bank_transactions WHERE routing_number = ? AND account_number = ?"
            " ORDER BY seq",
            (routing.strip(), account.strip()),
        ).fetchall()
    return [BankTransaction(amount=r["amount"], description=r["description"], created=r["created"]) for r in rows]


@router.get("/sandbox/banks/transactions")
async def transactions(
    storage: StorageDep,
    routing: Annotated[str, Query(min_length=1, max_length=32)],
    account: Annotated[str, Query(min_length=1, max_length=32)],
) -> list[BankTransaction]:
    return await run_in_threadpool(list_transactions, storage, routing, account)


_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox bank statement</title><style>
body{{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f4f5f7;color:#1d2330}}
header{{background:#1d2330;color:#fff;padding:14px 24px}} main{{max-width:720px;margin:24px auto;padding:0 16px}}
form{{display:flex;flex-wrap:wrap;gap:8px;margin-bottom:20px;align-items:end}} label{{display:grid;font-size:13px;gap:2px}}
input{{padding:8px 10px;border:1px solid #8a93a6;border-radius:6px;font:inherit}}
button{{padding:9px 16px;border:0;border-radius:6px;background:#2456c7;color:#fff;font:inherit;cursor:pointer}}
:focus-visible{{outline:3px solid #f59e0b;outline-offset:2px}}
table{{width:100%;border-collapse:collapse;background:#fff;border-radius:10px;overflow:hidden}}
th,td{{text-align:left;padding:10px 14px;border-bottom:1px solid #e5e7eb}} td.amount{{text-align:right;font-weight:600}}
.empty{{color:#4b5563}}</style></head><body><header><b>Vitrine sandbox</b> &middot; bank statement</header><main>
<form method="get" action="/sandbox/banks"><label>Routing number<input name="routing" inputmode="numeric" value="{routing}"
 required></label><label>Account number<input name="account" inputmode="numeric" value="{account}" required></label>
<button type="submit">Show transactions</button></form>{body}</main></body></html>"""


@router.get("/sandbox/banks", response_class=HTMLResponse)
async def statement(
    storage: StorageDep,
    routing: Annotated[str, Query(max_length=32)] = "",
    account: Annotated[str, Query(max_length=32)] = "",
) -> str:
    body = '<p class="empty">Enter a routing and an account number to see what reached that account.</p>'
    if routing.strip() and account.strip():
        rows = await run_in_threadpool(list_transactions, storage, routing, account)
        title = f"<h1>{html.escape(bank_name(routing.strip()))} &middot; account ending {html.escape(account.strip()[-4:])}</h1>"
        if not rows:
            body = title + '<p class="empty">Nothing has reached this account yet. This page does not refresh by itself.</p>'
        else:
            cells = "".join(
                f"<tr><td>{html.escape(t.created[:19].replace('T', ' '))}</td><td>{html.escape(t.description)}</td>"
                f'<td class="amount">${html.escape(t.amount)}</td></tr>'
                for t in reversed(rows)
            )
            body = (
                f'{title}<table><caption class="empty">Newest first</caption><thead><tr><th scope="col">Date (UTC)</th>'
                f'<th scope="col">Description</th><th scope="col">Amount</th></tr></thead><tbody>{cells}</tbody></table>'
            )
    return _PAGE.format(routing=html.escape(routing), account=html.escape(account), body=body)
