"""The onboarding wizard on the real dev server, through the flow API: order, skip rules, messages, resume, statuses."""

from __future__ import annotations

import httpx
from sqlalchemy import select
from sqlmodel import col
from temporalio.client import Client

from api.state import AppState
from clients.payments import PaymentsClient
from store.crypto import PiiCipher
from store.models import Customer, FundingSource, User
from tests.api.accounts import signup
from tests.error_shape import field_errors
from tests.flows.driver import PROFILE, Flow
from tests.workflows.histories import record


async def test_complete_onboarding_with_a_manual_bank(api: httpx.AsyncClient, app_state: AppState,
                                                     temporal_client: Client) -> None:
    user = await signup(api)
    flow = Flow(api, user["headers"])
    state = await flow.open()
    assert state["flow_id"] == f"onboarding-{user['user_id']}"
    assert (state["status"], state["step"]) == ("active", "intro")
    passed = await flow.until("fund-account")
    assert passed == ["intro", "name-phone-info", "date-of-birth", "home-address", "ssn", "accreditation-status",
                      "employment-status", "employer-information", "employment-details", "risk-profile",
                      "finra-or-sec", "is-shareholder", "share-purchase-info", "connect-bank", "bank-account-type",
                      "bank-info", "confirmation"]
    assert {"state-availability-issue", "organization-name", "company-ticker"} <= flow.skipped()
    final = await flow.ok()
    await record(temporal_client.get_workflow_handle(final["flow_id"]), "Onboarding--manual-bank")
    assert final["status"] == "completed"
    assert final["result"]["redirect"] == "/app/fund-account"
    async with app_state.sessions() as db:
        u = await db.get(User, user["user_id"])
        assert u is not None
        assert (u.first_name, u.date_of_birth, u.address, u.state, u.ssn_last4) == (
            "Ada", "12/10/1985", "10 Downing Street", "CA", "6789")
        assert "123-45-6789" not in u.ssn_encrypted
        assert PiiCipher(app_state.settings.pii_key).decrypt(u.ssn_encrypted) == "123-45-6789"
        assert u.investment_info == {"accredited_status": 3, "isAssociated": False, "sec_or_finra_organization_name": "",
                                     "isShareholder": False, "publicly_traded_company_tickers": ""}
        customer = await db.scalar(select(Customer).where(col(Customer.user_id) == u.id))
        assert customer is not None and customer.status == "verified"
        assert customer.employment_details["pretaxAnnualIncome"] == 85000
        assert customer.investor_details == {"riskToleranceLevel": "MODERATE"}
        source = await db.scalar(select(FundingSource).where(col(FundingSource.user_id) == u.id))
        assert source is not None and (source.status, source.account_tail) == ("unverified", "6789")
        assert "123456789" not in source.account_number_encrypted
    # the payment customer was created with the investor's address and phone (later changes: CustomerProfileSync)
    held = await PaymentsClient(app_state.http, app_state.settings.providers_url, app_state.settings.provider_api_key
                                ).get_customer(str(customer.provider_customer_id))
    assert (held["address1"], held["city"], held["state"], held["postal_code"]) == (u.address, u.city, u.state,
                                                                                  u.postal_code)
    assert len(held["phone"]) == 10


async def test_ssn_is_masked_everywhere_the_flow_shows_it(api: httpx.AsyncClient) -> None:
    user = await signup(api)
    flow = Flow(api, user["headers"])
    await flow.open()
    await flow.until("accreditation-status")
    back = await flow.post("back")
    assert back["step"] == "ssn"
    assert back["values"]["ssn"] == "***-**-6789"
    assert back["context"]["locked"] is True
    assert "123-45-6789" not in str(back)


async def test_every_validator_message(api: httpx.AsyncClient) -> None:
    user = await signup(api)
    flow = Flow(api, user["headers"])
    await flow.open()
    await flow.ok()
    cases: list[tuple[str, dict[str, object], dict[str, str]]] = [
        ("name-phone-info", {"first_name": " ", "last_name": "", "phone_number": "555-1234"},
         {"first_name": "First name is required", "last_name": "Last name is required",
          "phone_number": "Phone number must have 10 to 11 digits"}),
    ]
    for step, fields, expected in cases:
        r = await flow.submit(fields)
        assert r.status_code == 422
        assert field_errors(r.json()) == expected
        assert flow.state["step"] == step
    await flow.ok()
    for dob, message in [("13/45/1990", "Enter a valid date: MM/DD/YYYY"), ("1/1/90", "Enter a valid date: MM/DD/YYYY"),
                         ("01/01/2015", "In order to invest on Vitrine you must be above the age of 18."),
                         ("01/01/2999", "Birth year should be in the past: MM/DD/YYYY"),
                         ("01/01/1800", "You aren't that old. Check your birthday: MM/DD/YYYY")]:
        r = await flow.submit({"date_of_birth": dob})
        assert (r.status_code, field_errors(r.json())) == (422, {"date_of_birth": message}), dob
    await flow.ok()
    r = await flow.submit({"address": "P.O. Box 12", "apt": "PO BOX 7", "city": "", "state": "XX", "postal_code": "123"})
    assert field_errors(r.json()) == {"address": "PO Boxes are not permitted", "apt": "PO Boxes are not permitted",
                                  "city": "City is required", "state": "State is required",
                                  "postal_code": "ZIP code must have 5 digits"}
    await flow.ok()
    r = await flow.submit({"ssn": "123456789", "agreedToCustodianTerms": True})
    assert field_errors(r.json()) == {"ssn": "Enter a valid SSN: 000-00-0000",
                                  "agreedToPaymentTerms": "You must agree to the terms to continue"}
    await flow.ok()
    r = await flow.submit({"accredited_status": "0"})
    assert field_errors(r.json()) == {"accredited_status": "Please choose your accreditation status"}
    await flow.ok()
    r = await flow.submit({})
    assert field_errors(r.json()) == {"employmentStatus": "Employment status is required"}
    await flow.ok()
    r = await flow.submit({"employer": "AB", "occupationOrJobTitle": "x" * 65})
    assert field_errors(r.json()) == {"employer": "Employer should have at least 3 characters",
                                  "occupationOrJobTitle": "Occupation should have less than 64 characters"}
    await flow.ok()
    r = await flow.submit({})
    assert field_errors(r.json()) == {"pretaxAnnualIncome": "Annual income is required",
                                  "liquidNetWorth": "Individual net worth is required"}
    r = await flow.submit({"pretaxAnnualIncome": "10000", "liquidNetWorth": "$9,999"})
    assert r.status_code == 422 and "Risk Profile Alert" not in field_errors(r.json())
    assert field_errors(r.json())["pretaxAnnualIncome"].startswith("Trading involves risk")
    r = await flow.submit({"pretaxAnnualIncome": "10000", "liquidNetWorth": "10001"})
    assert r.status_code == 200
    r = await flow.submit({"riskToleranceLevel": "CONSERVATIVE"})
    assert r.status_code == 422 and flow.state["step"] == "risk-profile"
    assert field_errors(r.json())["riskToleranceLevel"].startswith("Trading involves a degree of risk")
    await flow.ok()
    r = await flow.submit({"isAssociated": "yes"})
    assert field_errors(r.json()) == {"isAssociated": "Please answer this question"}
    await flow.ok({"isAssociated": True})
    assert flow.state["step"] == "organization-name"
    r = await flow.submit({"sec_or_finra_organization_name": " "})
    assert field_errors(r.json()) == {"sec_or_finra_organization_name": "Organization name is required"}
    await flow.ok({"sec_or_finra_organization_name": "FINRA"})
    await flow.ok({"isShareholder": True})
    assert flow.state["step"] == "company-ticker"
    r = await flow.submit({"publicly_traded_company_tickers": ""})
    assert field_errors(r.json()) == {"publicly_traded_company_tickers": "Company ticker is required"}
    await flow.ok({"publicly_traded_company_tickers": "AAPL"})
    await flow.ok()
    r = await flow.submit({"method": "fax"})
    assert field_errors(r.json()) == {"method": "Choose how to connect your bank"}
    await flow.ok()
    r = await flow.submit({})
    assert field_errors(r.json()) == {"accountType": "Account type is required"}
    await flow.ok()
    r = await flow.submit({"nameOnAccount": "", "routingNumber": "12", "accountNumber": "abc"})
    assert field_errors(r.json()) == {"nameOnAccount": "Name on account is required",
                                  "routingNumber": "Routing number must have 9 digits",
                                  "accountNumber": "Account number must have 4 to 17 digits"}


async def test_skip_rules_for_unemployed_and_blocked_state(api: httpx.AsyncClient, temporal_client: Client) -> None:
    user = await signup(api)
    flow = Flow(api, user["headers"])
    await flow.open()
    await flow.until("employment-status")
    await flow.ok({"employmentStatus": "RETIRED"})
    assert flow.state["step"] == "employment-details"
    assert "employer-information" in flow.skipped()
    blocked = await signup(api)
    bflow = Flow(api, blocked["headers"])
    await bflow.open()
    await bflow.until("home-address")
    await bflow.ok({**PROFILE["home-address"], "state": "TX"})
    assert bflow.state["step"] == "state-availability-issue"
    assert "Investing is not yet available" in bflow.state["context"]["message"]
    done = await bflow.ok({"notify": True})
    assert done["status"] == "completed" and done["result"]["outcome"] == "state-blocked"
    await record(temporal_client.get_workflow_handle(done["flow_id"]), "Onboarding--state-blocked")


async def test_close_and_resume_on_another_device(api: httpx.AsyncClient, temporal_client: Client) -> None:
    user = await signup(api)
    flow = Flow(api, user["headers"])
    await flow.open()
    await flow.until("date-of-birth")
    closed = await flow.post("close")
    assert closed["status"] == "closed"
    other_device = Flow(api, user["headers"])
    state = await other_device.open()
    assert (state["status"], state["step"]) == ("active", "date-of-birth")
    back = await other_device.post("back")
    assert back["step"] == "name-phone-info"
    assert back["values"]["first_name"] == "Ada"
    r = await other_device.submit({"date_of_birth": "01/01/1990"}, step="date-of-birth")
    assert r.status_code == 409  # not the current step: nothing changes
    assert (await other_device.api.get(other_device.base, headers=user["headers"])).json()["step"] == "name-phone-info"
    await record(temporal_client.get_workflow_handle(flow.state["flow_id"]), "Onboarding--closed-reopened")


async def test_another_users_flow_is_not_found(api: httpx.AsyncClient) -> None:
    alice, bob = await signup(api), await signup(api)
    flow = Flow(api, alice["headers"])
    await flow.open()
    for method, path in [("GET", flow.base), ("POST", f"{flow.base}/steps/intro"), ("POST", f"{flow.base}/back"),
                         ("POST", f"{flow.base}/close")]:
        r = await api.request(method, path, headers=bob["headers"], json={})
        assert r.status_code == 404, path
    assert (await api.post("/api/flows/nonsense", headers=alice["headers"])).status_code == 404


async def test_customer_statuses(api: httpx.AsyncClient, temporal_client: Client) -> None:
    retry = await signup(api)
    flow = Flow(api, retry["headers"])
    await flow.open()
    await flow.until("ssn", {"name-phone-info": {**PROFILE["name-phone-info"], "first_name": "retry"}})
    await flow.ok()
    assert flow.state["step"] == "name-phone-info"
    assert flow.state["error"]["title"] == "Please Verify Your Info"
    await flow.ok({**PROFILE["name-phone-info"], "first_name": "Ada"})
    assert flow.state["error"] is None and flow.state["step"] == "date-of-birth"

    suspended = await signup(api)
    flow = Flow(api, suspended["headers"])
    await flow.open()
    await flow.until("ssn", {"name-phone-info": {**PROFILE["name-phone-info"], "first_name": "suspended"}})
    await flow.ok()
    assert flow.state["status"] == "failed" and flow.state["error"]["title"] == "Account Locked"
    await record(temporal_client.get_workflow_handle(flow.state["flow_id"]), "Onboarding--customer-suspended")

    document = await signup(api)
    flow = Flow(api, document["headers"])
    await flow.open()
    await flow.until("ssn", {"name-phone-info": {**PROFILE["name-phone-info"], "first_name": "document"}})
    await flow.ok()
    assert flow.state["status"] == "waiting" and flow.state["waiting_for"] == "document"
    assert flow.state["error"]["action"] == "/app/document"
    await record(temporal_client.get_workflow_handle(flow.state["flow_id"]), "Onboarding--customer-document")


async def test_instant_bank_link_through_the_hosted_page(api: httpx.AsyncClient, sandbox: httpx.AsyncClient) -> None:
    """The provider path: hosted page → public token → server-side exchange → verified source, no micro-deposits."""
    user = await signup(api)
    flow = Flow(api, user["headers"])
    await flow.open()
    await flow.until("connect-bank")
    r = await api.post("/api/bank-link/token", json={"return_url": "http://app.test/app/onboarding/connect-bank"},
                       headers=user["headers"])
    assert r.status_code == 200, r.text
    link = r.json()["url"]
    page = await sandbox.get(link.replace(str(sandbox.base_url).rstrip("/"), ""))
    assert page.status_code == 200 and "<form" in page.text
    public_token, account_id = await complete_bank_link(sandbox, link)
    await flow.ok({"method": "provider", "public_token": public_token, "account_id": account_id})
    assert flow.state["step"] == "fund-account", flow.state
    assert {"bank-account-type", "bank-info", "confirmation"} <= flow.skipped()


async def complete_bank_link(sandbox: httpx.AsyncClient, link: str) -> tuple[str, str]:
    """Walks the sandbox bank-link page like a person: pick a bank, sign in, pick the account."""
    import re
    from urllib.parse import parse_qs, urlparse

    url: str | None = link
    data: dict[str, str] | None = None
    for _ in range(8):
        assert url is not None
        r = await (sandbox.post(url, data=data) if data is not None else sandbox.get(url))
        if r.status_code in (302, 303):
            location = r.headers["location"]
            if location.startswith("http://app.test"):
                q = parse_qs(urlparse(location).query)
                return q["public_token"][0], q["account_id"][0]
            url, data = location, None
            continue
        form = re.search(r'<form[^>]*action="([^"]+)"', r.text)
        assert form, r.text[:500]
        fields = dict(re.findall(r'<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"', r.text))
        for name in re.findall(r'<input[^>]*name="([^"]+)"', r.text):
            fields.setdefault(name, "")
        if "username" in fields:
            fields.update(username="user_good", password="pass_good")
        radios = re.findall(r'<(?:input|button)[^>]*name="([^"]+)"[^>]*value="([^"]+)"', r.text)
        for name, value in radios:
            fields.setdefault(name, value)
            if not fields[name]:
                fields[name] = value
        url, data = form.group(1).replace("&amp;", "&"), fields
    raise AssertionError("the bank-link page did not redirect back")


async def test_back_never_links_a_second_bank(api: httpx.AsyncClient) -> None:
    user = await signup(api)
    flow = Flow(api, user["headers"])
    await flow.open()
    await flow.until("confirmation")
    back = await flow.post("back")
    assert back["step"] == "share-purchase-info"  # connect-bank, account type and bank info are behind a linked bank
