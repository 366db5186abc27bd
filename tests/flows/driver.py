"""Drives a flow through the real flow API, the way the browser does."""

from __future__ import annotations

from typing import Any

import httpx

PROFILE: dict[str, dict[str, Any]] = {
    "intro": {},
    "name-phone-info": {"first_name": "Ada", "last_name": "Lovelace", "phone_number": "(555) 555-5555"},
    "date-of-birth": {"date_of_birth": "12/10/1985"},
    "home-address": {"address": "10 Downing Street, Floor 2", "apt": "", "city": "Sacramento", "state": "CA",
                     "postal_code": "95814"},
    "ssn": {"ssn": "123-45-6789", "agreedToCustodianTerms": True, "agreedToPaymentTerms": True},
    "accreditation-status": {"accredited_status": "3"},
    "employment-status": {"employmentStatus": "EMPLOYED"},
    "employer-information": {"employer": "Analytical Engines", "occupationOrJobTitle": "Programmer"},
    "employment-details": {"pretaxAnnualIncome": "$85,000", "liquidNetWorth": "40000"},
    "risk-profile": {"riskToleranceLevel": "MODERATE"},
    "finra-or-sec": {"isAssociated": False},
    "is-shareholder": {"isShareholder": False},
    "share-purchase-info": {},
    "connect-bank": {"method": "manual"},
    "bank-account-type": {"accountType": "CHECKING"},
    "bank-info": {"nameOnAccount": "Ada Lovelace", "routingNumber": "021000021", "accountNumber": "123456789"},
    "confirmation": {},
    "fund-account": {},
}


class Flow:
    def __init__(self, api: httpx.AsyncClient, headers: dict[str, str], kind: str = "onboarding",
                 start: dict[str, Any] | None = None) -> None:
        self.api, self.headers, self.kind, self.start = api, headers, kind, start
        self.state: dict[str, Any] = {}

    async def open(self) -> dict[str, Any]:
        r = await self.api.post(f"/api/flows/{self.kind}", headers=self.headers, json=self.start)
        assert r.status_code == 200, r.text
        self.state = r.json()
        return self.state

    @property
    def base(self) -> str:
        return f"/api/flows/{self.kind}/{self.state['flow_id']}"

    async def submit(self, fields: dict[str, Any], step: str | None = None) -> httpx.Response:
        r = await self.api.post(f"{self.base}/steps/{step or self.state['step']}", json=fields, headers=self.headers)
        if r.status_code == 200:
            self.state = r.json()
        return r

    async def ok(self, fields: dict[str, Any] | None = None) -> dict[str, Any]:
        step = self.state["step"]
        r = await self.submit(PROFILE.get(step, {}) if fields is None else fields)
        assert r.status_code == 200, (step, r.status_code, r.text)
        return self.state

    async def until(self, step: str, overrides: dict[str, dict[str, Any]] | None = None) -> list[str]:
        """Submits the standard profile step by step until `step` is current; returns the steps passed."""
        seen = []
        while self.state["step"] != step:
            seen.append(self.state["step"])
            assert len(seen) < 30, seen
            await self.ok((overrides or {}).get(self.state["step"]))
        return seen

    async def post(self, action: str) -> dict[str, Any]:
        r = await self.api.post(f"{self.base}/{action}", headers=self.headers)
        assert r.status_code == 200, r.text
        self.state = r.json()
        return self.state

    def skipped(self) -> set[str]:
        return {s["id"] for s in self.state["steps"] if s["state"] == "skipped"}
