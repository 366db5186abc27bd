"""The Temporal worker: registers every workflow and activity on the task queue from settings."""

from __future__ import annotations

import asyncio
import logging
import signal
from datetime import UTC, datetime

import uvloop
from temporalio.client import Client

from config import Settings, get_settings
from domain.statements import Month
from worker.build import Resources, build_worker, worker_resources
from worker.offerings import ensure_offerings
from worker.order_reconcile import ensure_reconcile_schedule
from worker.statement_schedules import catch_up_last_month, ensure_statement_schedules
from worker.temporal import connect


async def start_offerings(client: Client, resources: Resources, settings: Settings) -> None:
    """Every open or upcoming offering gets its workflow; a failure is logged and the worker carries on."""
    try:
        started = await ensure_offerings(client, resources.sessions, settings)
    except Exception:
        logging.exception("could not ensure the offering workflows")
    else:
        logging.info("offering workflows running for %d asset(s)", len(started))


async def start_statements(client: Client, resources: Resources, settings: Settings) -> None:
    """The statement schedules (created or updated), then last month's statements if none were made (when
    `statements_catch_up`: make dev, the browser tests); a failure is logged and the worker carries on."""
    try:
        await ensure_statement_schedules(client, settings)
        started = settings.statements_catch_up and await catch_up_last_month(
            client, resources.sessions, settings, Month.of(datetime.now(UTC).date()))
    except Exception:
        logging.exception("could not ensure the statement schedules")
    else:
        logging.info("statement schedules ensured%s", "; last month's statements started" if started else "")


async def start_reconciliation(client: Client, settings: Settings) -> None:
    """The order reconciliation's schedule (created or updated); a failure is logged and the worker carries on."""
    try:
        await ensure_reconcile_schedule(client, settings)
    except Exception:
        logging.exception("could not ensure the order reconciliation schedule")
    else:
        logging.info("order reconciliation schedule ensured (every %s s)", settings.order_reconcile_seconds)


async def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s worker %(levelname)s %(message)s")
    settings = get_settings()
    client = await connect(settings)
    async with worker_resources(settings) as resources:
        worker = build_worker(client, settings, resources)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        logging.info("worker polling task queue %s on %s", settings.task_queue, settings.temporal_address)
        async with worker:
            starts = [asyncio.create_task(start_statements(client, resources, settings)),
                      asyncio.create_task(start_reconciliation(client, settings))]
            if settings.start_offerings:
                starts.append(asyncio.create_task(start_offerings(client, resources, settings)))
            await stop.wait()
            for task in starts:
                task.cancel()


if __name__ == "__main__":
    uvloop.run(main())  # the api's event loop too (uvicorn): less CPU per workflow task and activity
