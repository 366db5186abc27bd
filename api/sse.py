"""The api's Server-Sent Events streams (the flows' and live trading's) with sse-starlette: each event a dict
(`event`, `data`, `comment`), a `: keep-alive` comment every `HEARTBEAT_SECONDS` so proxies keep an idle stream
open, and the events of Redis pub/sub channels, subscribed again when Redis restarts or fails over."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import Any, TypeVar

import anyio
from redis.asyncio import Redis
from redis.exceptions import RedisError
from sse_starlette import EventSourceResponse, ServerSentEvent

HEARTBEAT_SECONDS = 15.0
RESUBSCRIBE_SECONDS = 0.5
CLOSE_SECONDS = 5.0  # to leave the channels and give the connection back, the browser gone
Event = dict[str, str]
T = TypeVar("T")


class EventStream(EventSourceResponse):
    """The streams' response and their routes' `response_class`: each route documents its 200 with
    api/openapi_docs.event_stream (a schema per event), so the class names no media type for FastAPI to add a
    whole-body schema under; the response itself is `text/event-stream`."""

    media_type = None


def event_source(events: AsyncIterator[Event]) -> EventStream:
    return EventStream(events, headers={"Cache-Control": "no-cache"}, sep="\n", ping=HEARTBEAT_SECONDS,
                       ping_message_factory=lambda: ServerSentEvent(comment="keep-alive", sep="\n"))


def _consume(task: asyncio.Future[Any]) -> None:
    if not task.cancelled():
        task.exception()  # retrieved: an answer nobody awaits any more is not reported as lost


async def to_its_end(opened: Callable[[], Awaitable[T]]) -> T:
    """`opened()`'s answer; when the stream is cancelled meanwhile (the browser gone as the page opened), `opened()`
    still runs to its end and its answer is dropped. A database read cut half-way has SQLAlchemy terminate the
    connection and log the cancellation as a traceback: two in each browser-test run, which a failed run's summary
    then lists beside the real cause."""
    task = asyncio.ensure_future(opened())
    task.add_done_callback(_consume)
    return await asyncio.shield(task)


async def channel_events(redis: Redis, channels: Sequence[str], opened: Callable[[], Awaitable[list[Event] | None]],
                         received: Callable[[dict[str, Any]], Event | None]) -> AsyncIterator[Event]:
    """`opened()`'s events, read once subscribed (whatever changed before, or while Redis was away, is in them; None
    ends the stream), then `received(message)` for each message published (None: skipped); cancelled when the
    browser goes."""
    while True:
        pubsub = redis.pubsub()
        try:
            await pubsub.subscribe(*channels)
            if (first := await to_its_end(opened)) is None:
                return
            for opening in first:
                yield opening
            while True:
                message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=HEARTBEAT_SECONDS)
                if message is not None and (event := received(message)) is not None:
                    yield event
        except RedisError:  # Redis restarting or failing over: the stream stays open and subscribes again
            yield {"comment": "reconnecting"}
            await asyncio.sleep(RESUBSCRIBE_SECONDS)
        finally:  # also when the stream is cancelled: shielded, so the connection goes back to the pool
            with anyio.move_on_after(CLOSE_SECONDS, shield=True):
                with contextlib.suppress(RedisError):
                    await pubsub.unsubscribe(*channels)
                await pubsub.aclose()  # type: ignore[no-untyped-call]
