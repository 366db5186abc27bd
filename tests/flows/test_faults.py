"""Faults: the worker process is killed (SIGKILL) in the middle of a transfer and of a micro-deposit verification;
a new worker finishes the journey, and the ledger holds exactly one entry per event."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import uuid
from collections.abc import Iterator
from decimal import Decimal

import httpx
import pytest
from sqlalchemy import func, select
from sqlmodel import col
from temporalio.client import Client
from temporalio.testing import WorkflowEnvironment

from api.state import AppState
from clients.temporal_updates import with_ready_retry
from config import Settings
from store.models import FundingSource, LedgerEntry, LedgerPosting
from store.transfers import open_transfer
from tests.conftest import ROOT
from tests.flows.funding import micro_deposits, onboarded, verify_bank
from workflows.bank_link import BankLinkInput, BankLinkWorkflow, MicroDeposits
from workflows.bank_link import workflow_id as bank_link_id
from workflows.transfer import TransferInput, TransferWorkflow
from workflows.transfer import workflow_id as transfer_id


class WorkerProcess:
    """`python -m worker` as its own process on its own task queue, so it can be killed like a crashed pod."""

    def __init__(self, settings: Settings, temporal_address: str) -> None:
        self.queue = f"vitrine-fault-{uuid.uuid4().hex[:6]}"
        self.env = {**os.environ, "VITRINE_DATABASE_URL": settings.database_url, "VITRINE_REDIS_URL": settings.redis_url,
                    "VITRINE_TEMPORAL_ADDRESS": temporal_address, "VITRINE_PROVIDERS_URL": settings.providers_url,
                    "VITRINE_TASK_QUEUE": self.queue, "VITRINE_APP_URL": settings.app_url}
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "worker"], cwd=ROOT, env=self.env,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def kill(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)


@pytest.fixture
def worker_process(settings: Settings, temporal_env: WorkflowEnvironment) -> Iterator[WorkerProcess]:
    w = WorkerProcess(settings, temporal_env.client.service_client.config.target_host)
    w.start()
    yield w
    w.stop()


async def entries(state: AppState, prefix: str) -> list[str]:
    async with state.sessions() as db:
        rows = await db.scalars(select(col(LedgerEntry.idempotency_key)).where(
            col(LedgerEntry.idempotency_key).like(f"{prefix}%")))
        return sorted(rows.all())


async def test_worker_killed_mid_transfer(api: httpx.AsyncClient, sandbox: httpx.AsyncClient, app_state: AppState,
                                          temporal_client: Client, worker_process: WorkerProcess, served_api: str) -> None:
    user = await onboarded(api, sandbox)
    await verify_bank(api, sandbox, user)
    async with app_state.sessions() as db:
        source = await db.scalar(select(FundingSource).where(FundingSource.user_id == user["user_id"]))
        assert source is not None
        t = await open_transfer(db, user_id=user["user_id"], funding_source_id=source.id, direction="deposit",
                                amount=Decimal("300.00"), hold_days=7)
    handle = await temporal_client.start_workflow(TransferWorkflow.run, TransferInput(t.id, user["user_id"], 1),
                                                  id=transfer_id(t.id), task_queue=worker_process.queue)
    await asyncio.sleep(1.0)  # submitted to the provider, waiting for settlement
    worker_process.kill()
    await asyncio.sleep(1.5)  # the provider settles while no worker runs
    worker_process.start()
    assert await handle.result() == "processed"
    assert await entries(app_state, f"transfer-{t.id}:") == [f"transfer-{t.id}:initiated", f"transfer-{t.id}:settled"]
    async with app_state.sessions() as db:
        cash = await db.scalar(select(func.sum(LedgerPosting.amount))
                               .where(col(LedgerPosting.account) == f"user:{user['user_id']}:cash"))
        assert cash == Decimal("300.00")
        total = await db.scalar(select(func.sum(LedgerPosting.amount)))
        assert total == 0


async def test_worker_killed_mid_micro_deposit_verification(
        api: httpx.AsyncClient, sandbox: httpx.AsyncClient, app_state: AppState, temporal_client: Client,
        worker_process: WorkerProcess, served_api: str) -> None:
    user = await onboarded(api, sandbox)
    async with app_state.sessions() as db:
        fs = await db.scalar(select(FundingSource).where(FundingSource.user_id == user["user_id"]))
        assert fs is not None
    wid = bank_link_id(user["user_id"], fs.id)
    await temporal_client.get_workflow_handle(wid).terminate("moved to the fault-test worker")
    handle = await temporal_client.start_workflow(BankLinkWorkflow.run, BankLinkInput(user["user_id"], fs.id, 1),
                                                  id=wid, task_queue=worker_process.queue)
    a, b = await micro_deposits(sandbox, user)
    worker_process.kill()
    update = asyncio.create_task(with_ready_retry(lambda: handle.execute_update(BankLinkWorkflow.verify,
                                                                               MicroDeposits(a, b))))
    await asyncio.sleep(1.0)  # the investor's amounts wait for a worker
    worker_process.start()
    assert await asyncio.wait_for(update, 60) == "You bank account was verified."
    assert await handle.result() == "verified"
    async with app_state.sessions() as db:
        assert (await db.get(FundingSource, fs.id)).status == "verified"  # type: ignore[union-attr]
