"""Whether funding and investing are available in the caller's state (spec doc 1 §7, doc 2 "State availability"),
under the payment provider's path segment as the other funding calls: the state from the caller's profile, judged
by the same rule as the user read's `state_status` (api/users_view.user_state_status). No state chosen yet blocks
nothing."""

from __future__ import annotations

from dataclasses import asdict

from fastapi import APIRouter
from pydantic import BaseModel, Field

from api.deps import CurrentUser, State
from api.schemas import StateStatus
from api.users_view import user_state_status

router = APIRouter(tags=["funding"])


class StateAvailableOut(BaseModel):
    state: str = Field(description="the caller's state of residence (two letters; empty when not chosen yet)")
    is_state_available: bool = Field(description="funding and investing (trading) are open in that state")
    state_status: StateStatus


@router.get("/api/dwolla/is-state-available/", response_model=StateAvailableOut)
async def is_state_available(user: CurrentUser, state: State) -> StateAvailableOut:
    status = user_state_status(user.state, state.settings)
    return StateAvailableOut(state=user.state or "", is_state_available=status.trading_enabled,
                             state_status=StateStatus(**asdict(status)))
