"""The profile activities' interface: what a workflow may import (their inputs, outputs and names)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from temporalio import activity


@dataclass
class SaveStep:
    user_id: int
    step: str
    fields: dict[str, Any] = field(default_factory=dict)


@dataclass
class Profile:
    """What the onboarding rules need to know, and each step's saved values (never a clear SSN)."""

    facts: dict[str, Any]
    values: dict[str, dict[str, Any]]


class ProfileActivities:
    """Stubs with the activities' names and signatures; `activities.profile.ProfileActivities` implements them."""

    @activity.defn(name="profile.load")
    async def load(self, user_id: int) -> Profile:
        raise NotImplementedError

    @activity.defn(name="profile.save_step")
    async def save_step(self, req: SaveStep) -> None:
        raise NotImplementedError
