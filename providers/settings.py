"""Settings of the sandbox providers service (environment variables prefixed ``PROVIDERS_``)."""

from __future__ import annotations

from decimal import Decimal

from pydantic_settings import BaseSettings, SettingsConfigDict


class ProvidersSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="PROVIDERS_", extra="ignore")

    db_path: str = ".data/providers.sqlite3"
    # Sent by the api as ``X-Provider-Key`` on server-to-server calls; /sandbox pages need no key.
    api_key: str = "sandbox-provider-key"
    webhook_url: str = "http://127.0.0.1:8000/api/webhooks/payments/"  # payment events
    esign_webhook_url: str = "http://127.0.0.1:8000/api/webhooks/esign/"  # e-sign envelope events
    webhook_secret: str = "sandbox-webhook-secret"
    # Where a browser reaches this service (links in hosted pages, product images).
    public_url: str = "http://127.0.0.1:8100"

    # Payments: delays of the simulated ACH network (seconds; ``make dev`` keeps them short).
    micro_deposit_delay_seconds: float = 20.0
    transfer_settle_seconds: float = 15.0
    document_review_seconds: float = 10.0
    micro_deposit_max_attempts: int = 3
    # the demo investors' verified customers and banks (providers/payments/demo.py), written at startup
    payments_demo: bool = True
    transfer_max_amount: Decimal = Decimal("5000.00")
    # Webhooks: first delivery after ``webhook_delay_seconds``; retries back off from the base, doubling.
    webhook_delay_seconds: float = 0.5
    webhook_max_attempts: int = 8
    webhook_retry_base_seconds: float = 1.0
    webhook_retry_max_seconds: float = 300.0
    webhook_timeout_seconds: float = 10.0
    # The background processor that applies due scheduled events (off: something else calls process_due).
    processor_enabled: bool = True
    processor_interval_seconds: float = 0.2

    # Bank link: lifetimes of the hosted-page link token and of the public token it returns.
    link_token_ttl_seconds: float = 4 * 3600.0
    public_token_ttl_seconds: float = 30 * 60.0

    # E-sign: lifetime of the token in a recipient view's signing-page URL.
    esign_view_ttl_seconds: float = 10 * 60.0

    # ATS (the broker-dealer's alternative trading system, providers/ats): its own PostgreSQL schema ``ats``.
    # One providers process owns the ATS (the books live in its memory; an asyncio lock per instrument).
    ats_enabled: bool = True
    ats_database_url: str = "postgresql://vitrine:vitrine@127.0.0.1:5432/vitrine"
    ats_db_schema: str = "ats"
    # off: a commit does not wait for the WAL flush (a PostgreSQL server crash may lose the last moment of commits;
    # a providers restart loses nothing). on: every order waits for the disk.
    ats_synchronous_commit: bool = False
    # statements of the group commit in flight at once: the instruments are dealt to this many writers (an
    # instrument always to the same one), each writing everything queued for its instruments in one statement
    # (docs/benchmarks.md, ATS: 2 lanes placed more orders a second than 1, the same CPU per order)
    ats_commit_lanes: int = 2
    # "calendar": weekdays 10:30-16:30 America/New_York without federal holidays; "demo": a compressed repeating
    # session (post-only, open, then confirmation) so every phase shows at any hour (answers say "schedule": "demo").
    ats_schedule: str = "calendar"
    ats_demo_post_only_seconds: float = 60.0
    ats_demo_open_seconds: float = 120.0
    ats_demo_confirmation_seconds: float = 45.0
    ats_confirmation_seconds: float = 2 * 3600.0  # calendar: CONFIRMATION after the 16:30 close
    # OAuth2 client credentials (the api's client and the demo market maker's) and the access-token lifetime.
    ats_clients: str = "vitrine:vitrine-ats-secret,market-maker:market-maker-secret"
    ats_token_ttl_seconds: float = 15 * 60.0
    # A cancel or replace waits this long (PENDING_CANCEL / PENDING_REPLACE) before it reaches the book (0: at once).
    ats_amend_delay_seconds: float = 0.0
    ats_webhook_url: str = "http://127.0.0.1:8000/api/webhooks/ats/"
    ats_webhook_max_attempts: int = 8
    # deliveries in flight at once, as real providers send them; one resource's events still go one after another
    ats_webhook_concurrency: int = 8
    ats_tick_seconds: float = 0.25  # how often the ATS's own task advances windows and delivers webhooks
    ats_background: bool = True  # off: tests drive windows and webhooks with ``POST /sandbox/ats/clock``
    ats_demo_market: bool = True  # seed the demo instruments (with history and resting orders) at startup
    ats_market_maker: bool = False  # a demo participant placing and canceling small orders around the last price
    ats_market_maker_interval_seconds: float = 4.0
    # Chaos (also settable at runtime: POST /sandbox/ats/chaos): fractions of calls answered 401/429/503, tokens
    # revoked early (after this fraction of their lifetime), webhooks delayed, duplicated or reordered.
    ats_chaos_seed: int = 0
    ats_chaos_fail_401: float = 0.0
    ats_chaos_fail_429: float = 0.0
    ats_chaos_fail_503: float = 0.0
    ats_chaos_token_lifetime_fraction: float = 1.0
    ats_chaos_webhook_delay_seconds: float = 0.0
    ats_chaos_webhook_duplicate: float = 0.0
    ats_chaos_webhook_reorder: bool = False
    ats_chaos_webhook_drop: float = 0.0
