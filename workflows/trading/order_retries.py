"""The order workflow's retry policies (workflows/trading/order_steps.py runs its activities with them): bounded, and
the investor's or the ATS's final refusals never retried."""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy

with workflow.unsafe.imports_passed_through():
    import activities.interfaces.trading as T

# bounded: a ledger step is retried ~4 minutes, then the workflow answers or waits for its next poll
LEDGER_RETRY = RetryPolicy(maximum_interval=timedelta(seconds=30), maximum_attempts=10,
                           non_retryable_error_types=[T.HOLD_REFUSED, T.HOLD_CLOSED, T.FILL_NOT_COVERED])
# one ATS call: a few quick retries; the workflow itself goes on trying with timers (QUEUED meanwhile) or polls
ATS_RETRY = RetryPolicy(initial_interval=timedelta(seconds=1), maximum_interval=timedelta(seconds=5),
                        maximum_attempts=3, non_retryable_error_types=[T.ATS_REJECTED, T.ATS_INVALID_CLIENT])
# an investor's edit, cancel or confirmation (and an ops void): a little more patience (~20 s) before the refusal
UPDATE_RETRY = RetryPolicy(initial_interval=timedelta(seconds=1), maximum_interval=timedelta(seconds=5),
                           maximum_attempts=6, non_retryable_error_types=[T.ATS_REJECTED, T.ATS_INVALID_CLIENT])
# the first steps' activity: a few quick tries, then the usual way; the investor's and the ATS's final refusals not
FIRST_STEPS_RETRY = RetryPolicy(initial_interval=timedelta(seconds=1), maximum_interval=timedelta(seconds=5),
                                maximum_attempts=3, non_retryable_error_types=[T.HOLD_REFUSED, T.ATS_REJECTED,
                                                                               T.ATS_INVALID_CLIENT])
# a local try (order_calls.run_local_first: patches SETTLE_LOCAL, HOLD_PLACE_LOCAL): one attempt within its bound, then
# the server activity with its own retries (a local retry, or a schedule-to-close timeout racing one, would resolve
# its workflow task in ways a replay need not see alike: a recorded attempt-2 success once replayed against a timeout)
LOCAL_TRY = RetryPolicy(maximum_attempts=1)
