"""The statement activities' interface: what a workflow may import (their inputs, outputs and names)."""

from __future__ import annotations

from dataclasses import dataclass

from temporalio import activity

from domain.statements import STATEMENT  # a month's account statement: period YYYY-MM
from domain.statements import TAX_DOCUMENT as TAX  # a year's tax document: period YYYY

__all__ = ["STATEMENT", "TAX", "BAD_PERIOD", "Investors", "MakeDocument", "Made", "StatementActivities"]
BAD_PERIOD = "BadPeriod"


@dataclass
class Investors:
    kind: str
    period: str


@dataclass
class MakeDocument:
    user_id: int
    kind: str
    period: str
    remake: bool = False  # render the file again over the same row (ops, after a fix); never a second row


@dataclass
class Made:
    user_id: int
    created: bool  # False: the investor's document for the period existed (kept, or remade in place)
    skipped: bool = False  # nothing to put in it (a tax document without a sale)


class StatementActivities:
    """Stubs with the activities' names and signatures; `activities.statements.StatementActivities` implements them."""

    @activity.defn(name="statements.investors")
    async def investors(self, inp: Investors) -> list[int]:
        raise NotImplementedError

    @activity.defn(name="statements.make")
    async def make(self, inp: MakeDocument) -> Made:
        raise NotImplementedError
