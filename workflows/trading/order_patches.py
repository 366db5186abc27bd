"""The order workflow's patches (`workflow.patched` ids; docs/replay-coverage.md lists their fixtures): what each one
changed, and what a history recorded before it still does; and `OrderPatches`, the one place the workflow asks them."""

from __future__ import annotations

from temporalio import workflow

# a QUEUED order whose placement the ATS refused `place_tries_per_run` times continues as new and goes on placing (its
# history stays bounded however long the broker refuses); before this patch the loop ran on in one run
PLACE_CONTINUES = "order-place-continue-as-new"
# the order's first view and its hold in one activity (trading.record_hold) instead of record then hold: one activity
# fewer before the placement; before this patch two
RECORD_WITH_HOLD = "order-record-with-hold"
# the order's end: the release and the final view in one activity (trading.release_record), and no view written
# between the last settlement and the end; before this patch record (after the settlement), release, record
RELEASE_WITH_RECORD = "order-release-with-record"
# a new order's first view, its hold and its placement at the ATS in one activity (trading.hold_place): one activity
# and one workflow task before the submit's answer where there were two of each; the ATS not answering within that
# activity's few tries: the steps before this patch (record_hold, then place with its timers)
HOLD_AND_PLACE = "order-hold-and-place"
# an order's executions the ATS settled, posted in one activity (trading.settle_many, each execution once under its
# own key) instead of one trading.settle activity (and one workflow task) after another
SETTLE_TOGETHER = "order-settle-together"
# the part of the hold an order no longer needs given back as soon as the ATS reports it (trading.release_part, issue
# 30): its unfilled units once it ended (a cancel, an IOC's end), a bid's execution below its limit, a voided
# execution; the filled units stay held until they settle. Before this patch all of it waited for the order's end
# (every execution settled or voided)
PARTIAL_RELEASE = "order-partial-release"
# a cancel of an order the ATS has not taken yet (QUEUED: the broker refusing) wins over the next placement: no
# placement after it, the order CANCELED and its hold released; the placement's back-off wakes for it. Before this
# patch the cancel waited for the placement, and one run placed on without bound while it waited
CANCEL_WINS_PLACING = "order-cancel-wins-placing"
# event-driven resting orders (issue 32): an idle order sleeps until an ATS event, a void, an Update ends or the
# reconciliation's `reconcile` signal; a safety timer of `safety_seconds` (+ up to 20 % jitter from workflow.random())
# reads the ATS when nothing came. Before this patch it read the ATS every `poll_seconds` (30 s)
EVENT_DRIVEN = "order-event-driven"
# a settlement's pass in one activity (trading.settle_pass, issue 32): the executions the ATS settled posted, then the
# hold brought down — the rest of it released when that settles the order's end, else the parts the ATS's facts free
# — then the view written; a settled order's wake is two workflow tasks (the pass, the end) where there were three
# (settle_many, release_record, the end), a still-open order's one activity where there were up to three. A refusal:
# nothing released or written by the pass, the steps before this patch follow (release_part, record) and the
# settlement is tried again at the next poll or webhook. Before this patch: settle_many, release_part, record (or, at
# the end, settle_many then release_record)
SETTLE_PASS = "order-settle-pass"
# the settlement's pass (trading.settle_pass) as a local activity when no Update handler is running (issue 32): the
# signal's workflow task runs the pass and, when it settles the order's end, ends the workflow — one workflow task
# per settled order where there were two, a MarkerRecorded where there were ActivityTaskScheduled/Started/Completed.
# One try, bounded to part of the workflow task's timeout, so it ends inside the task that started it (no heartbeat
# of the task, no event delivered, no Update handler beside it); one that did not end in time, or failed other than
# by a ledger refusal, runs again as the server activity with its retries (idempotent on its business keys). Before
# this patch, and while an Update handler runs: the server activity
SETTLE_LOCAL = "order-settle-local"
# a new order's first view, hold and placement (trading.hold_place, patch HOLD_AND_PLACE) as a local activity in the
# start's first workflow task when no Update handler is running there (the submit Update only waits for the answer:
# arriving after, it is answered in the next task) — no activity task, no workflow task for its completion. As
# SETTLE_LOCAL: one try within part of the task's timeout; a timeout or a failure other than a refused hold or a
# refusing ATS runs the server activity with FIRST_STEPS_RETRY (the view on its version, the hold on the order id,
# the placement on its idempotency key: nothing twice). Before this patch, and with a handler running: the server
# activity
HOLD_PLACE_LOCAL = "order-hold-place-local"
# every order patch above in one marker (issue 32): a new execution asks this one once and takes every branch the
# patches above name without asking them (one MarkerRecorded and one TemporalChangeVersion upsert, a visibility write,
# per run where there was one per patch asked); a history without it asks each as before. A future patch is asked on its own
# (or under an `order-current-2` that names it)
CURRENT = "order-current-1"


class OrderPatches:
    """Is patch X on for this run: the first decision (wherever it is: the main loop's first step, an Update handler)
    asks CURRENT once and keeps the answer; on, every patch is; off (a history recorded without it: its replay answers
    False with no command), each patch is asked by its own id, as the history recorded it."""

    def __init__(self) -> None:
        self._current: bool | None = None

    def on(self, patch: str) -> bool:
        if self._current is None:
            self._current = workflow.patched(CURRENT)
        return self._current or workflow.patched(patch)
