"""Rate limits on every call that sends mail or checks a guessable value, per account (or the e-mail address asked
about) AND per real client address: the `limits` library's moving window over Redis, shared by every api process.

Over a limit: 429 with Retry-After (seconds until an attempt is free again) and a message saying when to retry."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from fastapi import Request
from limits import RateLimitItem, RateLimitItemPerSecond
from limits.aio.storage import RedisStorage
from limits.aio.strategies import MovingWindowRateLimiter

from api.client_address import client_address
from api.errors import ApiError
from config import Settings

TOO_MANY = "Too many attempts. Please try again later."


@dataclass(frozen=True)
class Rule:
    per_key: RateLimitItem | None  # per account or address; None: per client address only
    per_ip: RateLimitItem


def _rule(per_key: int | None, per_ip: int, window_seconds: int) -> Rule:
    key = RateLimitItemPerSecond(per_key, window_seconds) if per_key is not None else None
    return Rule(key, RateLimitItemPerSecond(per_ip, window_seconds))


def rules(s: Settings) -> dict[str, Rule]:
    """Every limited action. `mail`: resend verification and change e-mail; `code`: gift/promo codes and
    micro-deposit amounts (each action its own buckets, the numbers shared); `analytics`: the app's analytics batches."""
    mail = _rule(s.mail_rate_limit, s.mail_ip_rate_limit, s.mail_rate_window_seconds)
    code = _rule(s.code_rate_limit, s.code_ip_rate_limit, s.code_rate_window_seconds)
    return {
        "login": _rule(s.login_rate_limit, s.login_ip_rate_limit, s.login_rate_window_seconds),
        "registration": _rule(None, s.registration_rate_limit, s.registration_rate_window_seconds),
        "reset": _rule(s.reset_rate_limit, s.reset_ip_rate_limit, s.reset_rate_window_seconds),
        "resend-verification": mail, "change-email": mail,
        "gift-code": code, "micro-deposits": code,
        "analytics": _rule(s.analytics_rate_limit, s.analytics_ip_rate_limit, s.analytics_rate_window_seconds),
    }


def retry_message(seconds: int) -> str:
    if seconds < 90:
        return f"Too many attempts. Please try again in {seconds} seconds."
    return f"Too many attempts. Please try again in {math.ceil(seconds / 60)} minutes."


class RateLimiter:
    def __init__(self, settings: Settings) -> None:
        storage = RedisStorage(f"async+{settings.redis_url}", implementation="redispy", key_prefix="vitrine-rl")
        self._limiter = MovingWindowRateLimiter(storage)
        self._rules = rules(settings)
        self._trusted = list(settings.trusted_proxies)

    def client(self, request: Request) -> str:
        return client_address(request, self._trusted)

    async def hit(self, action: str, request: Request, key: str | int | None = None) -> None:
        """Counts one attempt of `action` by this client address (and account/address `key`); 429 once over."""
        rule = self._rules[action]
        buckets = [(rule.per_ip, ("ip", self.client(request)))]
        if rule.per_key is not None and key is not None:
            buckets.append((rule.per_key, ("key", str(key).lower())))
        wait = 0.0
        for item, ids in buckets:
            if not await self._limiter.hit(item, action, *ids):
                stats = await self._limiter.get_window_stats(item, action, *ids)
                wait = max(wait, stats.reset_time - time.time())
        if wait > 0:
            seconds = max(1, math.ceil(wait))
            raise ApiError(429, retry_message(seconds), headers={"Retry-After": str(seconds)})

    async def clear(self, action: str, key: str | int) -> None:
        """Forgets an account's attempts (a successful login); the client address's count stays."""
        item = self._rules[action].per_key
        if item is not None:
            await self._limiter.clear(item, action, "key", str(key).lower())
