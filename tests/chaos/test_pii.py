"""After the chaos suite: the logs of every process, every text column of the database and every Temporal history
(read raw, without the payload codec) hold none of the SSNs, bank account numbers, passwords or tokens the journeys
used, in clear. Runs after the other chaos tests (conftest orders it) and makes a journey itself when run alone."""

from __future__ import annotations

from sqlalchemy import text
from temporalio.client import Client

from tests.chaos.conftest import Chaos
from tests.chaos.journey import journey


def found(blob: bytes, secrets: set[str]) -> set[str]:
    return {s for s in secrets if s.encode() in blob}


async def test_no_secret_in_clear_in_logs_database_or_histories(chaos: Chaos) -> None:
    if not chaos.journeys:
        chaos.journeys.append(await journey(chaos.http, chaos.sandbox, chaos.asset_id, chaos.secrets))
    secrets = chaos.secrets
    assert len(secrets) >= 4 * len(chaos.journeys) // 2, secrets  # SSN, account numbers, password, tokens
    leaks: dict[str, set[str]] = {}

    logs = sorted(chaos.stack.logs.glob("*.log"))
    assert {p.stem for p in logs} >= {"postgres", "redis", "temporal", "providers", "api-a", "api-b", "worker-a"}
    for path in logs:
        if hit := found(path.read_bytes(), secrets):
            leaks[f"log {path.name}"] = hit

    async with chaos.state.sessions() as db:
        columns = (await db.execute(text(
            "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' "
            "AND data_type IN ('text', 'character varying', 'jsonb', 'json', 'bytea')"))).all()
        assert len(columns) > 20
        for table, column in columns:
            values = (await db.scalars(text(f'SELECT "{column}"::text FROM "{table}" WHERE "{column}" IS NOT NULL'))).all()
            if hit := found("\n".join(values).encode(), secrets):
                leaks[f"column {table}.{column}"] = hit

    raw = await Client.connect(chaos.stack.settings.temporal_address)  # no codec: what the server stores
    histories = 0
    async for execution in raw.list_workflows():
        history = await raw.get_workflow_handle(execution.id, run_id=execution.run_id).fetch_history()
        histories += 1
        blob = b"".join(e.SerializeToString() for e in history.events)
        if hit := found(blob, secrets):
            leaks[f"history {execution.id}"] = hit
    assert histories >= 5 * len(chaos.journeys)
    assert leaks == {}
    chaos.figures["pii_scan"] = {"secrets": len(secrets), "logs": len(logs), "columns": len(columns),
                                 "histories": histories}
    print(f"\nPII scan: {chaos.figures['pii_scan']}; figures: {chaos.figures}")
