"""Settings of the sandbox providers service (environment variables prefixed ``PROVIDERS_``)."""

from __future__ import annotations

from pydantic_settings import BaseSettings, SettingsConfigDict


class ProvidersSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="PROVIDERS_", extra="ignore")

    db_path: str = ".data/providers.sqlite3"
    # Sent by the api as ``X-Provider-Key`` on server-to-server calls; /sandbox pages need no key.
    api_key: str = "sandbox-provider-key"
    webhook_url: str = "http://127.0.0.1:8000/api/webhooks/payments/"
    webhook_secret: str = "sandbox-webhook-secret"
    # Where a browser reaches this service (links in hosted pages, product images).
    public_url: str = "http://127.0.0.1:8100"
