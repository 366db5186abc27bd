"""Answering "Notify me" (`AssetNotices`): an asset opened its offering (`offering-open`, the `notify_me` list) or its
trading (`trading-open`, `notify_on_trading`); each subscriber gets one in-app notice and one mail. One workflow per
asset and event, `asset-notices-{asset_id}-{event}` (no PII), started by the Offering workflow when it opens an
offering (a child it abandons) and by the api's notice check (api/notice_trigger.py) for trading, and as a catch-up
for any asset with subscribers whose status already says the event has happened.

1. `notices.claim` pages: while the asset's status says the event happened, a page of its subscriptions becomes
   notices (one transaction: the subscription is gone, its notice written under the key
   `notice:{asset}:{event}:{user}:{subscription}`); a status that does not say so ends the run at once ("not due").
2. `notices.unmailed` pages, then `notices.mail` for each notice, `batch_size` at once; the mail's Idempotency-Key
   is the notice's key. Continues as new after `mails_per_run` mails (the claims are done: `claimed`, `after`).

Everything is keyed by the notice: a second run for the same event (a duplicate status change, a re-run by ops) finds
nothing to claim and nothing to mail; a worker killed anywhere repeats an activity that writes nothing twice."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field, replace
from datetime import timedelta
from typing import Protocol

from temporalio import workflow
from temporalio.common import RetryPolicy, SearchAttributePair, TypedSearchAttributes

with workflow.unsafe.imports_passed_through():
    import workflows.search_attributes as sa
    from activities.interfaces.notices import NOT_FOUND, UNKNOWN_EVENT, Claim, Claimed, NoticeActivities, Unmailed

FLOW = "asset-notices"
# bounded (~10 minutes): a mail provider or database still failing fails the run; a re-run mails only the rest
RETRY = RetryPolicy(maximum_interval=timedelta(seconds=60), maximum_attempts=12,
                    non_retryable_error_types=[NOT_FOUND, UNKNOWN_EVENT])


@dataclass
class NoticeTuning:
    """From settings (`VITRINE_NOTICE_*`); the defaults serve a run started by hand."""

    page_size: int = 200  # subscriptions claimed (one transaction), notices listed, per activity
    batch_size: int = 20  # mails sent at once
    mails_per_run: int = 1000  # then continue as new
    activity_timeout_seconds: int = 30


class NoticeSettings(Protocol):
    """The settings (config.Settings) a NoticeTuning is made of: the workflow never imports config."""

    notice_page_size: int
    notice_batch_size: int
    notice_mails_per_run: int
    notice_activity_timeout_seconds: int


def tuning_of(s: NoticeSettings) -> NoticeTuning:
    return NoticeTuning(s.notice_page_size, s.notice_batch_size, s.notice_mails_per_run, s.notice_activity_timeout_seconds)


@dataclass
class AssetNoticesInput:
    asset_id: int
    event: str  # offering-open | trading-open (domain/notices.py)
    tuning: NoticeTuning = field(default_factory=NoticeTuning)
    claimed: bool = False  # carried: an earlier run of this chain claimed every subscription
    after: int = 0  # carried: the notices up to this id were mailed by the earlier runs


@dataclass
class AssetNoticesResult:
    due: bool  # False: the asset's status did not say the event had happened; nothing was done
    claimed: int = 0  # notices written by this run
    mailed: int = 0  # mails sent by this run


def workflow_id(asset_id: int, event: str) -> str:
    return f"{FLOW}-{asset_id}-{event}"


def summary(ticker: str, event: str) -> str:
    return f"Notify-me notices of {ticker}: {event}"


def search_attributes(ticker: str) -> TypedSearchAttributes:
    return TypedSearchAttributes([SearchAttributePair(sa.ASSET_TICKER, ticker), SearchAttributePair(sa.FLOW, FLOW)])


@workflow.defn(name="AssetNotices")
class AssetNoticesWorkflow:
    @workflow.run
    async def run(self, inp: AssetNoticesInput) -> AssetNoticesResult:
        t = inp.tuning
        timeout, page = timedelta(seconds=t.activity_timeout_seconds), max(1, t.page_size)
        result = AssetNoticesResult(due=True)
        workflow.upsert_search_attributes([sa.FLOW.value_set(FLOW), sa.STEP.value_set("mailing" if inp.claimed
                                                                                       else "claiming")])
        if not inp.claimed:
            while True:
                c: Claimed = await workflow.execute_activity_method(
                    NoticeActivities.claim, Claim(inp.asset_id, inp.event, page),
                    start_to_close_timeout=timeout, retry_policy=RETRY)
                if not c.due:
                    workflow.upsert_search_attributes([sa.STEP.value_set("not-due")])
                    workflow.set_current_details(f"Asset {inp.asset_id}: its status does not say {inp.event} yet; "
                                                 "nothing claimed.")
                    return AssetNoticesResult(due=False)
                result.claimed += c.count
                workflow.set_current_details(f"Asset {inp.asset_id}, {inp.event}: {result.claimed} notices written.")
                if c.count < page:
                    break
            workflow.upsert_search_attributes([sa.STEP.value_set("mailing")])
        after, tried = inp.after, 0
        while True:
            ids: list[int] = await workflow.execute_activity_method(
                NoticeActivities.unmailed, Unmailed(inp.asset_id, inp.event, after, page),
                start_to_close_timeout=timeout, retry_policy=RETRY)
            size = max(1, t.batch_size)
            for start in range(0, len(ids), size):
                sent = await asyncio.gather(*(
                    workflow.execute_activity_method(NoticeActivities.mail, notice_id, start_to_close_timeout=timeout,
                                                     retry_policy=RETRY, summary=f"notice {notice_id}")
                    for notice_id in ids[start:start + size]))
                result.mailed += sum(sent)
            if ids:
                after, tried = ids[-1], tried + len(ids)
            workflow.set_current_details(f"Asset {inp.asset_id}, {inp.event}: {result.claimed} notices written, "
                                         f"{result.mailed} mailed by this run.")
            if len(ids) < page:
                break
            if tried >= t.mails_per_run:
                workflow.continue_as_new(replace(inp, claimed=True, after=after))
        workflow.upsert_search_attributes([sa.STEP.value_set("done")])
        return result
