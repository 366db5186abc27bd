"""The caller's notices ("Notify me" answered: workflows/asset_notices.py). `GET /api/notifications/` lists their
newest first with how many are unread (the shell's bell); `POST /api/notifications/read/` marks those up to an id read
(the ones the list showed: a newer one stays unread). A new notice is also pushed over the shell's event stream
(`GET /api/trading/events`, SSE `notice`). Only the caller's own: nobody else's notice is ever listed."""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import Field

from api.deps import CurrentCaller, State
from api.params import MAX_ID
from api.schemas import Body
from store import notices
from store.models import NoticesPublic

router = APIRouter(tags=["notifications"])


class ReadUpTo(Body):
    up_to: int = Field(ge=1, le=MAX_ID, description="the newest notice id the list showed")


@router.get("/api/notifications/", response_model=NoticesPublic)
async def list_notifications(caller: CurrentCaller, state: State) -> NoticesPublic:
    """The caller's newest notices (at most 50), newest first, and the number unread."""
    async with state.sessions() as db:
        return await notices.of_user(db, caller.id)


@router.post("/api/notifications/read/", response_model=NoticesPublic)
async def read_notifications(body: ReadUpTo, caller: CurrentCaller, state: State) -> NoticesPublic:
    """Marks the caller's notices up to `up_to` read; answers the list as it is now."""
    async with state.sessions() as db:
        await notices.mark_read(db, caller.id, body.up_to)
        return await notices.of_user(db, caller.id)
