"""CustomerProfileSync on the real dev server: a save while a round is sending (the `changed` signal) makes exactly one
more round, with its own idempotency key, so the provider ends with the newest details. The activity is a stand-in
on a task queue of this test that holds the first round until the signal arrived (the round's real work is
tests/api/test_personal_info.py's)."""

from __future__ import annotations

import asyncio
import uuid

from temporalio import activity
from temporalio.client import Client
from temporalio.worker import Worker

from activities.interfaces.payments import CustomerSync
from tests.waiting import within_deadline
from tests.workflows.histories import record
from worker.build import build_id
from workflows.customer_profile_sync import CustomerProfileSyncWorkflow, ProfileSyncInput, workflow_id


class HeldSync:
    def __init__(self) -> None:
        self.keys: list[str] = []
        self.started = asyncio.Event()
        self.release = asyncio.Event()

    @activity.defn(name="payments.sync_customer")
    async def sync_customer(self, req: CustomerSync) -> str:
        self.keys.append(req.idempotency_key)
        self.started.set()
        await self.release.wait()
        return "verified"


async def test_a_save_during_a_round_sends_the_details_once_more(temporal_client: Client) -> None:
    held, queue = HeldSync(), f"profile-sync-{uuid.uuid4().hex[:6]}"
    wid = f"{workflow_id(10**9)}-{uuid.uuid4().hex[:6]}"
    async with Worker(temporal_client, task_queue=queue, workflows=[CustomerProfileSyncWorkflow],
                      activities=[held.sync_customer], build_id=build_id()):
        handle = await temporal_client.start_workflow(
            CustomerProfileSyncWorkflow.run, ProfileSyncInput(10**9), id=wid, task_queue=queue, start_signal="changed")
        await within_deadline(held.started.wait())
        await handle.signal(CustomerProfileSyncWorkflow.changed)  # the investor saved again meanwhile
        held.release.set()
        result = await within_deadline(handle.result())
    assert (result.rounds, result.status) == (2, "verified")
    assert len(held.keys) == 2 and held.keys[0] != held.keys[1] and held.keys[1].endswith("/sync-2")
    await record(handle, "CustomerProfileSync--changed-during-a-round")
