"""Idempotency keys come from business keys only, never from a run id: a retried activity, a replayed workflow task
and a Reset (the runbook's repair, which starts a new run) all send the same key, so the provider and the ledger
apply the request once; two different requests (another amount, another step submission) get different keys."""

from __future__ import annotations

from temporalio import workflow


def execution(carried: str = "") -> str:
    """This execution's business identity: its workflow id and the moment it was started. A Reset keeps it (the new
    run begins with the same start event); continue-as-new carries it in the input (`carried`); a later execution
    under the same id (a flow opened again after it closed) gets a new one, so its requests never collide with the
    earlier execution's."""
    if carried:
        return carried
    info = workflow.info()
    return f"{info.workflow_id}@{info.workflow_start_time.strftime('%Y%m%dT%H%M%S.%f')}"
