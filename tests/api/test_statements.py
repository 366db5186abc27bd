"""The three statement calls on the real stack (spec doc 3 §7): an investor's statements and tax documents listed
with their display names, a short-lived signed address that serves the PDF without a session, and another investor's
document refused (404); a forged signature is 404, an expired one 403."""

from __future__ import annotations

import io
import time
import uuid
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import httpx

from activities.interfaces.statements import MakeDocument
from activities.statements import StatementActivities
from api.routes.statements import EXPIRED, FormOut, FormUrlOut, signed_address
from api.state import AppState
from domain.statements import Month
from domain.trading import order_rules as R
from store.document_files import LocalFolder
from store.purchases import Order, buy
from tests.api.accounts import signup
from tests.api.documented import conforms
from tests.api.test_portfolio import trade
from tests.flows.investors import funded_investor, offering


def forms_path(user: dict[str, Any], tail: str = "statements") -> str:
    return f"/api/users/{user['user_id']}/financials/forms/{tail}"


async def listed(api: httpx.AsyncClient, user: dict[str, Any], tail: str) -> list[dict[str, Any]]:
    r = await api.get(forms_path(user, tail), headers=user["headers"])
    assert r.status_code == 200, r.text
    body: list[dict[str, Any]] = r.json()
    for item in body:
        conforms(FormOut, item)
    return body


async def test_an_investor_lists_opens_and_only_their_own_documents(api: httpx.AsyncClient, app_state: AppState) -> None:
    user = await funded_investor(api, app_state, cash="1000.00")
    uid = int(user["user_id"])
    assert await listed(api, user, "statements") == [] and await listed(api, user, "taxforms") == []

    asset = await offering(app_state, shares=100, value="1000.00")
    async with app_state.sessions() as db:
        await buy(db, Order(key=f"test-{uuid.uuid4().hex}", flow_id="f", user_id=uid, asset_id=asset.id, shares=10,
                            max_shares=100, gift_value=Decimal(0), redeem_code="", envelope_id=None,
                            agreed_at=datetime.now(UTC)))
    await trade(app_state, uid, asset.id, R.ASK, 4, "12.50")  # a sale this year: a tax document
    make = StatementActivities(app_state.sessions, LocalFolder(app_state.settings.documents_dir)).make
    now = datetime.now(UTC)
    month = Month(now.year, now.month)
    assert (await make(MakeDocument(uid, "statement", month.key))).created
    assert (await make(MakeDocument(uid, "tax", str(now.year)))).created
    assert not (await make(MakeDocument(uid, "statement", month.key))).created  # once per investor and month

    [statement] = await listed(api, user, "statements")
    assert statement["displayName"] == f"{month.title} Statement"
    [tax] = await listed(api, user, "taxforms")
    assert tax["displayName"] == f"{now.year} Tax Document"

    for doc, words in ((statement, "Closing cash $900.00"), (tax, "Total proceeds $50.00")):
        r = await api.get(f"{forms_path(user)}/{doc['fileKey']}", headers=user["headers"])
        assert r.status_code == 200, r.text
        conforms(FormUrlOut, r.json())
        pdf = await api.get(r.json()["url"])  # no session: the signed address is the permission
        assert pdf.status_code == 200 and pdf.headers["content-type"] == "application/pdf"
        assert pdf.content.startswith(b"%PDF")
        import pypdf  # by the worker that runs this, not at collection

        assert words in pypdf.PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text()

    other = await signup(api)
    r = await api.get(f"{forms_path(other)}/{statement['fileKey']}", headers=other["headers"])
    assert r.status_code == 404  # another investor's file
    r = await api.get(f"{forms_path(user)}/{statement['fileKey']}", headers=other["headers"])
    assert r.status_code == 404  # somebody else's id
    assert await listed(api, other, "statements") == []

    key = statement["fileKey"]
    forged = await api.get(f"/api/financial-documents/{key}.{int(time.time()) + 60}.{'0' * 64}")
    assert forged.status_code == 404
    expired = await api.get(f"/api/financial-documents/{signed_address(app_state.settings, key, int(time.time()) - 1)}")
    assert expired.status_code == 403 and EXPIRED in expired.text
