"""The hot reads' session check (api/sessions.RevocationChecks): requests that come in together are asked in one
MGET, and each still gets its own answer — a logged-out session in a burst is refused, the others are served;
a Redis failure fails the requests that asked, not later ones."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
from sqlalchemy import select
from sqlmodel import col

from api.security import TokenClaims, issue_token
from api.sessions import RevocationChecks, generation_key, revoked_key
from api.state import AppState
from store.models import User

EARLY = {"host": "early.vitrine.test"}


class FakeRedis:
    def __init__(self, values: dict[str, bytes]) -> None:
        self.values, self.fail = values, False
        self.asked: list[list[str]] = []

    async def mget(self, keys: list[str]) -> list[bytes | None]:
        self.asked.append(list(keys))
        await asyncio.sleep(0)
        if self.fail:
            raise ConnectionError("redis is gone")
        return [self.values.get(k) for k in keys]


def claims(user_id: int, jti: str, gen: int = 0) -> TokenClaims:
    return TokenClaims(user_id=user_id, exp=0, orig_iat=0, remember_me=False, jti=jti, gen=gen)


async def test_a_burst_is_one_round_trip_with_an_answer_each() -> None:
    redis = FakeRedis({revoked_key("out"): b"1", generation_key(3): b"2"})
    checks = RevocationChecks(redis)  # type: ignore[arg-type]
    asked = [claims(1, "in"), claims(2, "out"), claims(3, "old", gen=1), claims(3, "new", gen=2)]
    answers = await asyncio.gather(*(checks.revoked(c) for c in asked))
    assert answers == [False, True, True, False]
    assert len(redis.asked) == 1 and len(redis.asked[0]) == 8
    assert await checks.revoked(claims(2, "out")) is True  # a later request asks again
    assert len(redis.asked) == 2


async def test_a_redis_failure_fails_the_requests_that_asked() -> None:
    redis = FakeRedis({})
    checks = RevocationChecks(redis)  # type: ignore[arg-type]
    redis.fail = True
    with pytest.raises(ConnectionError):
        await asyncio.gather(checks.revoked(claims(1, "a")), checks.revoked(claims(2, "b")))
    redis.fail = False
    assert await checks.revoked(claims(1, "a")) is False


async def session(app_state: AppState) -> dict[str, str]:
    """A session of the seed's early-access investor (issued as a login issues it; the login's rate limit is spared
    for the tests that log in)."""
    async with app_state.sessions() as db:
        user = await db.scalar(select(User).where(col(User.email) == "early@vitrine.test"))
    assert user is not None
    token = issue_token(app_state.settings, user.id, gen=user.session_generation)
    return {**EARLY, "Authorization": f"JWT {token}"}


async def test_a_logged_out_session_in_a_burst_of_special_reads_is_refused(api: httpx.AsyncClient,
                                                                           app_state: AppState) -> None:
    kept, ended = await session(app_state), await session(app_state)
    assert (await api.post("/api/auth/logout/", headers=ended)).status_code == 200
    answers: list[Any] = await asyncio.gather(*(api.get("/api/v2/assets/", headers=h) for h in [kept, ended] * 4))
    assert [r.status_code for r in answers] == [200, 401] * 4
    assert all(r.json()["items"] for r in answers[::2])
