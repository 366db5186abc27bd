"""The baseline: a bare FastAPI endpoint with no database, cache, auth or middleware."""

from __future__ import annotations

from fastapi import FastAPI

app = FastAPI()


@app.get("/bare")
async def bare() -> dict[str, str]:
    return {"status": "ok"}
