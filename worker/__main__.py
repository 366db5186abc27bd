"""The Temporal worker: registers every workflow and activity on the task queue from settings."""

from __future__ import annotations

import asyncio
import logging
import signal

from config import get_settings
from worker.build import build_worker, worker_resources
from worker.temporal import connect


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
            await stop.wait()


if __name__ == "__main__":
    asyncio.run(main())
