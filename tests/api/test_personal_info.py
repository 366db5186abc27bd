"""Settings → personal information through the api (spec doc 3 §2.7): read with the SSN masked and the completion,
written with the onboarding's checks and messages on their fields, an empty edit keeping what is saved, the SSN
encrypted at rest; another investor's → 404. A changed address reaches the payment customer's record in the sandbox
(the `CustomerProfileSync` workflow on the real dev server); a suspended customer's refusal fails the sync at once."""

from __future__ import annotations

import uuid

import httpx
import pytest
from sqlalchemy import update
from sqlmodel import col
from temporalio.client import Client, WorkflowFailureError
from temporalio.exceptions import ActivityError, ApplicationError
from temporalio.service import RPCError

from api.schemas import UserView
from api.state import AppState
from clients.payments import PaymentsClient
from store.crypto import PiiCipher
from store.models import Customer, StateNotification, User
from store.users import first_account_id
from tests.api.accounts import signup
from tests.api.documented import conforms
from tests.flows.investors import funded_investor
from tests.waiting import eventually, within_deadline
from tests.workflows.histories import record
from workflows.customer_profile_sync import CustomerProfileSyncWorkflow, ProfileSyncInput, ProfileSyncResult, workflow_id

FULL = {"first_name": "Ada", "last_name": "Lovelace", "address": "12 Main St, Albany", "apt": "4B", "city": "Albany",
        "state": "NY", "postal_code": "12207", "date_of_birth": "12/10/1985", "ssn": "123-45-6789",
        "phone_number": "(555) 555-5555"}


def url(user: dict[str, object]) -> str:
    return f"/api/users/{user['user_id']}/personal-information"


async def test_personal_information_read_and_written(api: httpx.AsyncClient, app_state: AppState) -> None:
    ada, eve = await signup(api), await signup(api)
    first = (await api.get(url(ada), headers=ada["headers"])).json()
    assert first["completion"] == 0 and first["ssn"] == ""
    # an incomplete profile saves what it has: the missing fields lower the completion
    r = await api.put(url(ada), json={"city": "Albany"}, headers=ada["headers"])
    assert r.status_code == 200, r.text
    assert (r.json()["city"], r.json()["completion"]) == ("Albany", 11)

    r = await api.put(url(ada), json=FULL, headers=ada["headers"])
    assert r.status_code == 200, r.text
    saved = r.json()
    assert saved["completion"] == 100
    assert saved["ssn"] == "***-**-6789" and saved["address"] == "12 Main St" and saved["apt"] == "4B"
    async with app_state.sessions() as db:
        user = await db.get(User, ada["user_id"])
        assert user is not None and "6789" not in user.ssn_encrypted
        assert PiiCipher(app_state.settings.pii_key).decrypt(user.ssn_encrypted) == "123-45-6789"

    # an empty edit reverts; the masked SSN sent back keeps the saved one
    r = await api.put(url(ada), json={"city": "", "ssn": "***-**-6789", "first_name": "Augusta"}, headers=ada["headers"])
    assert r.status_code == 200, r.text
    assert (r.json()["city"], r.json()["first_name"], r.json()["ssn"]) == ("Albany", "Augusta", "***-**-6789")

    r = await api.put(url(ada), json={"date_of_birth": "02/30/1990", "address": "PO Box 7"}, headers=ada["headers"])
    assert r.status_code == 422
    fields = {e["field"]: e["message"] for e in r.json()["errors"]}
    assert fields == {"date_of_birth": "Date is invalid", "address": "PO Boxes are not permitted"}
    assert (await api.get(url(ada), headers=ada["headers"])).json()["city"] == "Albany"  # nothing saved

    assert (await api.get(url(ada), headers=eve["headers"])).status_code == 404
    assert (await api.put(url(ada), json=FULL, headers=eve["headers"])).status_code == 404


async def test_the_user_read_carries_the_spec_user_fields_with_the_ssn_masked(api: httpx.AsyncClient,
                                                                             app_state: AppState) -> None:
    """`GET /api/auth/user/` and `GET /api/users/{id}` answer the User of spec docs 2 and 3 §3: the personal
    information as this page shows it (the SSN masked, never in clear), the investment info, the terms flags, the
    state notifications, the customer's first account (made with the account at sign-up) and its enrollment; as the
    OpenAPI documents it."""
    fresh = await signup(api)
    async with app_state.sessions() as db:
        first = await first_account_id(db, int(str(fresh["user_id"])))
    assert first is not None and fresh["user"]["customer"]["accounts"] == [{"id": first}]

    ada = await funded_investor(api, app_state)
    uid = int(str(ada["user_id"]))
    assert (await api.put(url(ada), json=FULL, headers=ada["headers"])).status_code == 200
    async with app_state.sessions() as db:
        db.add(StateNotification(user_id=uid, blocked_state="TX"))
        await db.commit()
    for path in ("/api/auth/user/", f"/api/users/{uid}"):
        r = await api.get(path, headers=ada["headers"])
        assert r.status_code == 200, r.text
        assert "123-45-6789" not in r.text and "123456789" not in r.text
        me = r.json()
        conforms(UserView, me)
        assert {k: me[k] for k in ("first_name", "last_name", "address", "address2", "city", "state", "postal_code",
                                   "phone_number", "date_of_birth", "ssn")} == {
            "first_name": "Ada", "last_name": "Lovelace", "address": "12 Main St", "address2": "4B", "city": "Albany",
            "state": "NY", "postal_code": "12207", "phone_number": "(555) 555-5555", "date_of_birth": "12/10/1985",
            "ssn": "***-**-6789"}
        assert me["investment_info"] == {"accredited_status": 3, "sec_or_finra_organization_name": "",
                                         "publicly_traded_company_tickers": "", "isAssociated": False,
                                         "isShareholder": False}
        assert (me["agreedToCustodianTerms"], me["agreedWithTos3"], me["has_payment_customer"]) == (True, True, False)
        assert me["state_availability_notification"] == [{"blocked_state": "TX"}]
        customer = me["customer"]
        assert customer["accounts"] == ada["user"]["customer"]["accounts"] and len(customer["accounts"]) == 1
        assert customer["enrollment"]["termsOfService"]["signedAndAgreedAt"]
        assert customer["personalInformation"] == {"pretaxAnnualIncome": 90000, "liquidNetWorth": 50000}
        assert customer["investorDetails"] == {"riskToleranceLevel": "MODERATE"}
    async with app_state.sessions() as db:
        await db.execute(update(Customer).where(col(Customer.user_id) == uid).values(provider_customer_id="cus-x"))
        await db.commit()
    assert (await api.get("/api/auth/user/", headers=ada["headers"])).json()["has_payment_customer"] is True


async def payment_customer(app_state: AppState, user: dict[str, object], first_name: str = "Ada") -> str:
    """The investor's payment customer in the sandbox (as onboarding makes it), recorded on their row."""
    payments = PaymentsClient(app_state.http, app_state.settings.providers_url, app_state.settings.provider_api_key)
    uid = int(str(user["user_id"]))
    answer = await payments.create_customer(external_id=str(uid), first_name=first_name, last_name="Lovelace",
                                            email=str(user["email"]), ssn_last4="6789", idempotency_key=uuid.uuid4().hex)
    async with app_state.sessions() as db:
        await db.execute(update(Customer).where(col(Customer.user_id) == uid).values(
            provider_customer_id=answer["id"], status=answer["status"]))
        await db.commit()
    return str(answer["id"])


async def test_a_saved_address_reaches_the_payment_customer(api: httpx.AsyncClient, app_state: AppState,
                                                            temporal_client: Client) -> None:
    ada = await signup(api)
    customer_id = await payment_customer(app_state, ada)
    payments = PaymentsClient(app_state.http, app_state.settings.providers_url, app_state.settings.provider_api_key)
    r = await api.put(url(ada), json=FULL, headers=ada["headers"])
    assert r.status_code == 200, r.text

    async def record_of(city: str) -> dict[str, object] | None:
        got = await payments.get_customer(customer_id)
        return got if got["city"] == city else None

    got = await eventually(lambda: record_of("Albany"))
    assert {k: got[k] for k in ("address1", "address2", "city", "state", "postal_code", "phone")} == {
        "address1": "12 Main St", "address2": "4B", "city": "Albany", "state": "NY", "postal_code": "12207",
        "phone": "5555555555"}
    handle = temporal_client.get_workflow_handle(workflow_id(int(str(ada["user_id"]))), result_type=ProfileSyncResult)
    result = await within_deadline(handle.result())
    assert result.status == "verified" and result.rounds >= 1
    await record(handle, "CustomerProfileSync--sent")
    # no PII in the history: the saved details are read by the activity, never carried in the workflow's events
    assert "Albany" not in (await handle.fetch_history()).to_json()

    r = await api.put(url(ada), json={"address": "7 Elm St", "city": "Troy", "apt": ""}, headers=ada["headers"])
    assert r.status_code == 200, r.text
    got = await eventually(lambda: record_of("Troy"))
    assert (got["address1"], got["address2"]) == ("7 Elm St", "")


async def test_a_suspended_payment_customer_fails_the_sync_at_once(api: httpx.AsyncClient, app_state: AppState,
                                                                   temporal_client: Client) -> None:
    eve = await signup(api)
    await payment_customer(app_state, eve, first_name="suspended")
    r = await api.put(url(eve), json={**FULL, "first_name": "Eve"}, headers=eve["headers"])
    assert r.status_code == 200, r.text  # saved; the provider's refusal is the workflow's (runbook)
    handle = temporal_client.get_workflow_handle(workflow_id(int(str(eve["user_id"]))), result_type=ProfileSyncResult)
    with pytest.raises(WorkflowFailureError) as failed:
        await within_deadline(handle.result())
    activity_error = failed.value.cause
    assert isinstance(activity_error, ActivityError)
    cause = activity_error.cause
    assert isinstance(cause, ApplicationError) and cause.type == "ProviderRejected"
    assert cause.message == "A suspended customer cannot be updated."
    await record(handle, "CustomerProfileSync--rejected")


async def test_without_a_payment_customer_there_is_nothing_to_send(
        api: httpx.AsyncClient, app_state: AppState, temporal_client: Client) -> None:
    grace = await signup(api)
    uid = int(str(grace["user_id"]))
    assert (await api.put(url(grace), json=FULL, headers=grace["headers"])).status_code == 200
    with pytest.raises(RPCError):  # the api started no sync: no customer to send it to
        await temporal_client.get_workflow_handle(workflow_id(uid)).describe()
    handle = await temporal_client.start_workflow(  # started anyway (ops, or a customer not made yet): nothing sent
        CustomerProfileSyncWorkflow.run, ProfileSyncInput(uid), id=workflow_id(uid), task_queue=app_state.settings.task_queue)
    result = await within_deadline(handle.result())
    assert (result.rounds, result.status) == (1, "no-customer")
    await record(handle, "CustomerProfileSync--no-customer")
