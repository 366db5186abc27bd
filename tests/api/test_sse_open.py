"""api/sse.py's `to_its_end`: a stream cancelled while its opening read runs (the browser gone as the page opened)
lets the read finish, so its database session closes normally instead of SQLAlchemy terminating the connection and
logging the cancellation; the answer is dropped, and a failing read is not reported as an unretrieved exception."""

from __future__ import annotations

import asyncio
import gc

import pytest

from api.sse import to_its_end


async def test_the_opening_read_finishes_though_its_stream_is_cancelled() -> None:
    started, release, finished = asyncio.Event(), asyncio.Event(), asyncio.Event()

    async def opened() -> list[dict[str, str]]:
        started.set()
        await release.wait()
        finished.set()
        return [{"event": "subscribed", "data": "{}"}]

    stream = asyncio.create_task(to_its_end(opened))
    await started.wait()
    stream.cancel()
    with pytest.raises(asyncio.CancelledError):
        await stream
    assert not finished.is_set()
    release.set()
    await asyncio.wait_for(finished.wait(), 10)


async def test_an_opening_read_that_fails_after_its_stream_went_is_not_reported(
        caplog: pytest.LogCaptureFixture) -> None:
    started, release, done = asyncio.Event(), asyncio.Event(), asyncio.Event()

    async def opened() -> None:
        started.set()
        try:
            await release.wait()
            raise RuntimeError("the database went away")
        finally:
            done.set()

    stream = asyncio.create_task(to_its_end(opened))
    await started.wait()
    stream.cancel()
    with pytest.raises(asyncio.CancelledError):
        await stream
    release.set()
    await asyncio.wait_for(done.wait(), 10)
    await asyncio.sleep(0)
    gc.collect()
    assert "exception was never retrieved" not in caplog.text


async def test_its_answer_when_not_cancelled() -> None:
    async def opened() -> list[dict[str, str]]:
        return [{"event": "subscribed", "data": "{}"}]

    assert await to_its_end(opened) == [{"event": "subscribed", "data": "{}"}]
