"""Statements stored in an S3-compatible bucket (store/document_files.S3Bucket, as compose runs them): the statement
workflow on the real dev server, with a worker whose document store is a bucket of a real S3 server over HTTP
(moto's server mode), makes the investor's PDF in the bucket; the api over the same bucket lists it, its signed
address serves the PDF (read back with pypdf), another investor gets 404, and a re-run makes nothing new."""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import AsyncIterator

import httpx
import pytest
from temporalio.client import Client
from temporalio.worker import Worker

from activities.statements import StatementActivities
from api.app import create_app
from api.state import AppState
from config import Settings
from store.document_files import S3Bucket, document_files
from tests.api.accounts import signup
from tests.flows.test_statements import MONTH, investor_with_a_month, text_of
from worker.build import build_id
from workflows.statements import StatementsInput, StatementsResult, StatementsWorkflow, workflow_id


@pytest.fixture
async def s3_state(app_state: AppState, s3_settings: Settings) -> AppState:
    files = document_files(s3_settings)
    assert isinstance(files, S3Bucket)
    return dataclasses.replace(app_state, settings=s3_settings, documents=files)


@pytest.fixture
async def s3_api(s3_state: AppState) -> AsyncIterator[httpx.AsyncClient]:
    app = create_app(s3_state.settings)
    app.state.vitrine = s3_state
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://testserver") as client:
        yield client


async def run_on_s3(client: Client, state: AppState, uid: int) -> StatementsResult:
    """The statement workflow for one investor, on a worker of its own whose store is the bucket."""
    queue = f"vitrine-s3-{uuid.uuid4().hex[:6]}"
    make = StatementActivities(state.sessions, state.documents)
    async with Worker(client, task_queue=queue, workflows=[StatementsWorkflow], activities=[make.investors, make.make],
                      build_id=build_id()):
        handle = await client.start_workflow(
            StatementsWorkflow.run, StatementsInput(period=MONTH.key, user_ids=[uid]),
            id=f"{workflow_id('statement', MONTH.key, uid)}-{uuid.uuid4().hex[:6]}", task_queue=queue)
        result: StatementsResult = await handle.result()
        return result


async def test_a_statement_stored_in_s3_is_listed_opened_and_made_once(
        api: httpx.AsyncClient, s3_api: httpx.AsyncClient, s3_state: AppState, temporal_client: Client) -> None:
    user = await signup(api)
    uid, ticker = await investor_with_a_month(api, s3_state, user)
    made = await run_on_s3(temporal_client, s3_state, uid)
    assert (made.investors, made.created) == (1, 1)
    import boto3  # by the worker that runs this, not at collection

    s3 = boto3.client("s3", endpoint_url=s3_state.settings.documents_s3_endpoint, region_name="us-east-1",
                      aws_access_key_id="k", aws_secret_access_key="s")
    bucket = s3_state.settings.documents_bucket
    key = f"statement/{uid}/{MONTH.key}.pdf"
    assert [o["Key"] for o in s3.list_objects_v2(Bucket=bucket, Prefix=f"statement/{uid}/")["Contents"]] == [key]

    r = await s3_api.get(f"/api/users/{uid}/financials/forms/statements", headers=user["headers"])
    assert r.status_code == 200, r.text
    [doc] = r.json()
    assert doc["displayName"] == "May 2024 Statement"
    r = await s3_api.get(f"/api/users/{uid}/financials/forms/statements/{doc['fileKey']}", headers=user["headers"])
    assert r.status_code == 200, r.text
    pdf = await s3_api.get(r.json()["url"])  # the api's signed address, the bytes streamed from the bucket
    assert pdf.status_code == 200 and pdf.headers["content-type"] == "application/pdf"
    text = text_of(pdf.content)
    for line in ("May 2024 Statement", "Ada Lovelace", "Opening cash $1,000.00", "Closing cash $1,316.80",
                 f"{ticker} Test Asset {ticker} 3 x $10.00 $30.00"):
        assert line in text, f"{line!r} not in the statement:\n{text}"

    other = await signup(api)
    r = await s3_api.get(f"/api/users/{other['user_id']}/financials/forms/statements/{doc['fileKey']}",
                         headers=other["headers"])
    assert r.status_code == 404  # another investor's file

    again = await run_on_s3(temporal_client, s3_state, uid)
    assert (again.investors, again.created, again.kept) == (1, 0, 1)
    assert [o["Key"] for o in s3.list_objects_v2(Bucket=bucket, Prefix=f"statement/{uid}/")["Contents"]] == [key]
    r = await s3_api.get(f"/api/users/{uid}/financials/forms/statements", headers=user["headers"])
    assert [d["fileKey"] for d in r.json()] == [doc["fileKey"]]
