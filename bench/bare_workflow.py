"""The baseline for the flow benchmark: a workflow whose Update does nothing but return."""

from __future__ import annotations

from temporalio import workflow


@workflow.defn(name="BenchBare")
class BareWorkflow:
    def __init__(self) -> None:
        self._done = False
        self._count = 0

    @workflow.run
    async def run(self) -> int:
        await workflow.wait_condition(lambda: self._done)
        return self._count

    @workflow.update
    def echo(self, value: int) -> int:
        self._count += 1
        return value

    @workflow.signal
    def finish(self) -> None:
        self._done = True
