"""Sandbox bank-link provider: the router and schema of its parts.

- :mod:`providers.banklink_api`: link tokens, public-token exchange, processor tokens (provider key);
- :mod:`providers.banklink_pages`: the hosted page (pick a bank, sign in with ``user_good`` /
  ``pass_good``, pick an account, redirect to the return URL with a public token);
- :mod:`providers.banks`: the sandbox banks and what reached each account,
  ``GET /sandbox/banks/transactions?routing=R&account=A`` (``[{amount, description, created}]``, newest last).
"""

from __future__ import annotations

from fastapi import APIRouter

from providers import banklink_api, banklink_pages, banklink_store, banks

SCHEMA: tuple[str, ...] = (*banks.SCHEMA, *banklink_store.SCHEMA)

router = APIRouter()
for _part in (banklink_api, banklink_pages, banks):
    router.include_router(_part.router)
