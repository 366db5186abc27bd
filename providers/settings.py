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
