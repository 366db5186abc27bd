"""Chaos for tests and benchmarks: failed calls (401/429/503), tokens revoked early, late, doubled, reordered or dropped
webhooks.

Starts from the ``PROVIDERS_ATS_CHAOS_*`` settings; ``POST /sandbox/ats/chaos`` replaces it at runtime (and
reseeds its random generator, so a test gets the same sequence of failures every run).
"""

from __future__ import annotations

import random

from pydantic import BaseModel, Field

from providers.ats.errors import ATS_UNAVAILABLE, INVALID_TOKEN, RATE_LIMITED, AtsError
from providers.settings import ProvidersSettings


class ChaosConfig(BaseModel):
    seed: int = 0
    fail_401: float = Field(0.0, ge=0, le=1)  # answer this fraction of authenticated calls 401 invalid_token
    fail_429: float = Field(0.0, ge=0, le=1)  # ... 429 RATE_LIMITED with Retry-After
    fail_503: float = Field(0.0, ge=0, le=1)  # ... 503 ATS_UNAVAILABLE
    retry_after_seconds: int = Field(1, ge=0, le=60)
    token_lifetime_fraction: float = Field(1.0, gt=0, le=1)  # tokens really expire after this fraction of expires_in
    webhook_delay_seconds: float = Field(0.0, ge=0, le=3600)
    webhook_duplicate: float = Field(0.0, ge=0, le=1)  # fraction of webhooks delivered twice
    webhook_reorder: bool = False  # deliver each batch of due webhooks newest first
    webhook_drop: float = Field(0.0, ge=0, le=1)  # fraction of webhooks never sent (stored as 'dropped': lost in transit)


def from_settings(settings: ProvidersSettings) -> ChaosConfig:
    return ChaosConfig(
        seed=settings.ats_chaos_seed,
        fail_401=settings.ats_chaos_fail_401,
        fail_429=settings.ats_chaos_fail_429,
        fail_503=settings.ats_chaos_fail_503,
        token_lifetime_fraction=settings.ats_chaos_token_lifetime_fraction,
        webhook_delay_seconds=settings.ats_chaos_webhook_delay_seconds,
        webhook_duplicate=settings.ats_chaos_webhook_duplicate,
        webhook_reorder=settings.ats_chaos_webhook_reorder,
        webhook_drop=settings.ats_chaos_webhook_drop,
    )


class Chaos:
    def __init__(self, config: ChaosConfig) -> None:
        self.config = config
        self.rng = random.Random(config.seed)
        self.injected: dict[int, int] = {}  # status -> how many calls were failed on purpose

    def set(self, config: ChaosConfig) -> None:
        self.config = config
        self.rng = random.Random(config.seed)
        self.injected = {}

    def on_call(self) -> None:
        """Raise the failure this call draws (one draw per call, so a seed fixes the sequence)."""
        c = self.config
        if not (c.fail_401 or c.fail_429 or c.fail_503):
            return
        draw = self.rng.random()
        retry = {"Retry-After": str(c.retry_after_seconds)}
        if draw < c.fail_401:
            self._count(401)
            raise AtsError(401, INVALID_TOKEN, "The access token is invalid or expired",
                           headers={"WWW-Authenticate": 'Bearer error="invalid_token"'})
        if draw < c.fail_401 + c.fail_429:
            self._count(429)
            raise AtsError(429, RATE_LIMITED, "Too many requests; retry later", headers=retry)
        if draw < c.fail_401 + c.fail_429 + c.fail_503:
            self._count(503)
            raise AtsError(503, ATS_UNAVAILABLE, "The ATS is temporarily unavailable; retry", headers=retry)

    def _count(self, status: int) -> None:
        self.injected[status] = self.injected.get(status, 0) + 1

    def drop(self) -> bool:
        return self.config.webhook_drop > 0 and self.rng.random() < self.config.webhook_drop

    def duplicate(self) -> bool:
        return self.config.webhook_duplicate > 0 and self.rng.random() < self.config.webhook_duplicate
