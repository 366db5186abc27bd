"""Identity document upload: the file rules, the one-time upload address, and the customer leaving 'document'."""

from __future__ import annotations

import httpx
from temporalio.client import Client

from tests.api.accounts import signup
from tests.error_shape import field_errors
from tests.flows.driver import PROFILE, Flow
from tests.workflows.histories import record

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 1024


async def test_upload_rules(api: httpx.AsyncClient) -> None:
    user = await signup(api)
    h = user["headers"]
    bad = await api.post("/api/users/files/", json={"file_name": "id.gif", "content_type": "image/gif",
                                                    "document_type": "passport"}, headers=h)
    assert bad.json()["errors"][0]["message"] == "The file you selected is an unsupported type (JPG and PNG only)"
    r = await api.post("/api/users/files/", json={"file_name": "id.png", "content_type": "image/png",
                                                  "document_type": "license"}, headers=h)
    assert r.status_code == 201
    url = r.json()["url"]
    too_big = await api.put(url, content=b"\x00" * (5 * 1024 * 1024 + 1), headers={"content-type": "image/png"})
    assert too_big.status_code == 413
    assert too_big.json()["errors"][0]["message"] == "The file you selected is too large (5MB max)"
    wrong_type = await api.put(url, content=PNG, headers={"content-type": "image/jpeg"})
    assert wrong_type.status_code == 422
    assert (await api.put(url, content=PNG, headers={"content-type": "image/png"})).status_code == 200
    assert (await api.put(url, content=PNG, headers={"content-type": "image/png"})).status_code == 404  # once only


async def test_document_moves_the_customer_out_of_document(api: httpx.AsyncClient, temporal_client: Client) -> None:
    user = await signup(api)
    onboarding = Flow(api, user["headers"])
    await onboarding.open()
    await onboarding.until("ssn", {"name-phone-info": {**PROFILE["name-phone-info"], "first_name": "document"}})
    await onboarding.ok()
    assert onboarding.state["error"]["action"] == "/app/document"
    flow = Flow(api, user["headers"], "document-upload")
    await flow.open()
    r = await flow.submit({"document_type": "selfie"})
    assert field_errors(r.json()) == {"document_type": "Choose Passport, ID Card or License"}
    await flow.ok({"document_type": "passport"})
    assert flow.state["context"] == {"document_type": "passport"}
    await flow.ok({"file_key": "not-uploaded"})
    assert flow.state["step"] == "upload" and flow.state["error"]["message"] == "Something went wrong, please try again"
    r = await api.post("/api/users/files/", json={"file_name": "passport.jpg", "content_type": "image/jpeg",
                                                  "document_type": "passport"}, headers=user["headers"])
    await api.put(r.json()["url"], content=PNG, headers={"content-type": "image/jpeg"})
    await flow.ok({"file_key": r.json()["file_key"]})
    assert flow.state["step"] == "complete"
    assert flow.state["context"]["customer_status"] != "document"
    done = await flow.ok()
    assert done["status"] == "completed"
    await record(temporal_client.get_workflow_handle(done["flow_id"]), "DocumentUpload--passport")
    me = (await api.get(f"/api/users/{user['user_id']}", headers=user["headers"])).json()
    assert me["customer"]["status"] != "document"
