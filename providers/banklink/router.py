"""Sandbox bank-link provider: the router and schema of its parts.

- :mod:`providers.banklink.api`: link tokens, public-token exchange, processor tokens (provider key);
- :mod:`providers.banklink.pages`: the hosted page (pick a bank, sign in with ``user_good`` /
  ``pass_good``, pick an account, redirect to the return URL with a public token);
- :mod:`providers.banklink.banks`: the sandbox banks and what reached each account,
  ``GET /sandbox/banks/transactions?routing=R&account=A`` (``[{amount, description, created}]``, newest last).
"""

from __future__ import annotations

from fastapi import APIRouter

from providers.banklink import api, banks, pages, records

SCHEMA: tuple[str, ...] = (*banks.SCHEMA, *records.SCHEMA)

router = APIRouter()
for _part in (api, pages, banks):
    router.include_router(_part.router)
