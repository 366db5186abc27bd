"""The one settings module: every component reads its configuration from here (env prefix VITRINE_)."""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from pydantic import Field, SecretStr, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from domain.states import ENABLED_STATES

PasswordProfile = Literal["rfc9106-low-memory", "test-only-cheap"]
# the environments (Settings.env) that may hash passwords at the cheap cost: the test stacks, never dev or production
CHEAP_PASSWORD_ENVS = frozenset({"test", "chaos", "e2e"})


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="VITRINE_", env_file=".env", extra="ignore")

    env: str = "dev"
    database_url: str = "postgresql+asyncpg://vitrine:vitrine@127.0.0.1:5432/vitrine"
    database_tls: bool = False  # TLS to PostgreSQL: on for a database across a network, off on the same host
    redis_url: str = "redis://127.0.0.1:6379/0"
    temporal_address: str = "127.0.0.1:7233"
    temporal_namespace: str = "default"
    task_queue: str = "vitrine"
    providers_url: str = "http://127.0.0.1:8100"
    provider_api_key: str = "sandbox-provider-key"
    webhook_secret: str = "sandbox-webhook-secret"
    app_url: str = "http://localhost:5173"
    frontend_dist: str = ""  # when set, the api serves the built app from this folder

    secret_key: str = "dev-only-secret-key-change-me-in-production-0123456789"
    pii_key: str = "dev-only-pii-key-change-me-0123456789abcdef"
    jwt_lifetime_seconds: int = 900
    auth_cache_seconds: float = 10.0  # the flow calls read an account's active flag through a cache this old at most
    jwt_refresh_window_seconds: int = 7 * 24 * 3600
    jwt_remember_me_refresh_window_seconds: int = 30 * 24 * 3600
    password_reset_timeout_seconds: int = 3 * 24 * 3600
    # argon2id's cost (store/passwords.py): RFC 9106's low-memory recommendation; the test stacks alone may take the
    # cheapest cost of the same algorithm (refused in any other environment)
    password_hash_profile: PasswordProfile = "rfc9106-low-memory"

    # e-mail verification workflow durations (seconds, so tests can shorten them)
    email_reminder_after_seconds: int = 24 * 3600
    email_key_expires_after_seconds: int = 7 * 24 * 3600

    password_proof_seconds: int = 300  # a token from a password login this recent may change the password/e-mail
    upload_url_ttl_seconds: int = 900  # an identity document's upload address works this long

    # rate limits (api/ratelimit.py): attempts per moving window, per account (or e-mail address asked about) and per
    # client address; the client address is read from X-Forwarded-For only when the peer is a trusted proxy (CIDRs)
    trusted_proxies: list[str] = Field(default_factory=list)
    login_rate_limit: int = 10
    login_ip_rate_limit: int = 100
    login_rate_window_seconds: int = 300
    registration_rate_limit: int = 20  # per client address
    registration_rate_window_seconds: int = 3600
    reset_rate_limit: int = 5
    reset_ip_rate_limit: int = 30
    reset_rate_window_seconds: int = 3600
    mail_rate_limit: int = 5  # resend verification, change e-mail
    mail_ip_rate_limit: int = 30
    mail_rate_window_seconds: int = 3600
    code_rate_limit: int = 10  # gift codes, micro-deposit amounts
    code_ip_rate_limit: int = 60
    code_rate_window_seconds: int = 3600
    analytics_rate_limit: int = 120  # analytics batches (each up to 50 records)
    analytics_ip_rate_limit: int = 600
    analytics_rate_window_seconds: int = 60

    catalogue_cache_seconds: int = 15
    asset_update_interval_seconds: int = 60
    max_body_bytes: int = 1_000_000
    provider_timeout_seconds: float = 10.0
    # the ATS (OAuth2 client credentials); its token is refreshed this long before it expires
    ats_client_id: str = "vitrine"
    ats_client_secret: str = "vitrine-ats-secret"
    ats_token_margin_seconds: float = 60.0
    # market data (issue 11 part C): the api's Redis copy of pricing/book/history answers (dropped by market
    # events), and how often the catalogue's trading fields are refreshed from the ATS in the background
    market_cache_ms: int = 1000
    market_refresh_seconds: float = 2.0
    # the prevalidation's copy of each instrument's status, pricing and lowest ask (store/trading/market_quote.py): trusted
    # this long at most (the refresher rewrites it every pass; a book, trade or window webhook makes it old at once)
    market_quote_seconds: float = 5.0
    app_version: str = "2.12.0"
    support_email: str = "support@vitrine.app"
    ops_token: str = ""  # X-Ops-Token for the codec endpoint (compared in constant time); empty = closed
    codec_open_for_local_ui: bool = False  # only `scripts/stack.py dev`: the local Web UI decodes without a token
    codec_cors_origins: list[str] = Field(default_factory=lambda: ["http://localhost:8233", "http://127.0.0.1:8233"])
    blocked_states: list[str] = Field(default_factory=list)
    enabled_states: list[str] = Field(default_factory=lambda: sorted(ENABLED_STATES))  # investing: 32 states
    # investing states where the initial offering is closed: trading only (state_status.io_enabled false; the
    # trading-approved popup); none by default (VITRINE_IO_CLOSED_STATES='["WA"]' shows the popup to a WA investor)
    io_closed_states: list[str] = Field(default_factory=list)
    ats_cards: int = 0  # feature flag atsCards (doc 1: 0): the /app/ats cards, 1 all three, 2 post-only only
    migration_flag: bool = False  # evolveMigration: off (both terms checkboxes on the SSN step)
    deposit_hold_days: int = 7
    uploads_dir: str = ".data/uploads"
    # statements and tax documents (store/document_files.py): a local folder, or an S3-compatible bucket (MinIO in
    # compose): its endpoint (empty: AWS S3 of the region), region and keys (empty: boto3's own credential chain)
    documents_store: Literal["local", "s3"] = "local"
    documents_dir: str = ".data/documents"
    documents_bucket: str = "vitrine-documents"
    documents_s3_endpoint: str = ""
    documents_s3_region: str = "us-east-1"
    documents_s3_access_key: str = ""
    documents_s3_secret_key: SecretStr = SecretStr("")
    document_url_ttl_seconds: int = 300  # a statement's signed link works this long
    # the statement workflows: investors whose documents are made at once, and each activity's start-to-close
    statements_batch_size: int = 10
    # at worker start, last month's statements when none exist (scripts/stack.py's stacks: make dev, the browser
    # tests); off elsewhere, where the Schedules make them
    statements_catch_up: bool = False
    statement_activity_timeout_seconds: int = 120
    # the start-to-close of the provider and ledger activities of bank links, transfers and orders: a worker that died
    # inside one leaves it to another worker once this has passed (none of them heartbeats: each is one provider call
    # of at most `provider_timeout_seconds`, or one database transaction); the purchase's invest, a few calls, has
    # its own. Tests set seconds, so a killed worker's activity runs again within seconds.
    activity_timeout_seconds: float = 30.0
    invest_timeout_seconds: float = 60.0
    micro_deposit_poll_seconds: int = 60
    micro_deposit_reminder_seconds: int = 72 * 3600
    micro_deposit_expiry_seconds: int = 14 * 24 * 3600
    transfer_poll_seconds: int = 30  # the transfer workflow checks the provider this often (webhooks wake it sooner)
    # how long a request waits for the workflow that moves its money (a transfer's start, a merchandise order)
    money_workflow_wait_seconds: float = 20.0
    # how long a request waits for any other workflow's answer (a flow step, the e-mail confirmation, the purchase's
    # calls, a query) before it answers 503 + Retry-After (docs/errors.md "While no worker answers"): longer than an
    # activity a step waits for takes to run again after its worker died (the invest's 60 s start-to-close timeout,
    # then a restarted worker), below the proxy's 120 s read timeout (deploy/nginx.conf)
    workflow_answer_wait_seconds: float = 100.0
    offering_recheck_seconds: int = 3600  # an offering workflow re-reads its asset's dates this often
    # "Notify me" (workflows/asset_notices.py): how often one api process looks for assets whose subscribers are due
    # their notice (api/notice_trigger.py; 0: never, as in tests, which check on purpose), and the AssetNotices runs'
    # pages (subscriptions claimed per transaction, notices listed), mails sent at once, mails before it continues
    # as new, and its activities' start-to-close
    notice_check_seconds: float = 10.0
    notice_page_size: int = 200
    notice_batch_size: int = 20
    notice_mails_per_run: int = 1000
    notice_activity_timeout_seconds: int = 30
    # at worker start, a workflow for every open or upcoming offering (worker/offerings.py); off for the workers the
    # tests start as processes beside the session's own (tests/flows/test_faults.py): those would close the demo's
    # sold-out offering under the tests that read the seeded catalogue
    start_offerings: bool = True
    # the purchase flow: how long shares stay held, how long a signature may take, when an idle flow ends
    reservation_ttl_seconds: int = 20 * 60
    signature_timeout_seconds: int = 30 * 60
    purchase_idle_timeout_seconds: int = 24 * 3600
    # the order workflow (issue 11, workflows/trading/order_types.OrderTimings): its own ATS poll when no webhook came, how
    # long the ATS may refuse a placement before the order shows QUEUED, polls before it continues as new
    order_poll_seconds: float = 30.0
    order_queued_after_seconds: float = 10.0
    order_polls_per_run: int = 200
    order_place_tries_per_run: int = 100  # a QUEUED order's refused placements before it continues as new
    # event-driven resting orders (issue 32): an idle order's safety read at the ATS (+ up to 20 % jitter) when no
    # webhook, Update or reconcile signal woke it; the reconciliation schedule's interval (worker/order_reconcile.py:
    # one listing at the ATS, a `reconcile` signal only to the orders whose ATS state differs from their view)
    order_safety_seconds: float = 900.0
    order_reconcile_seconds: float = 60.0
    # how long an order call waits for its workflow's answer (a query, an Update: the ATS's answer to a placement
    # included); no worker answering in time → 503 + Retry-After. Below the server's 20 s long poll, so the RPC's
    # own deadline ends the wait (a longer one: the server answers "not yet" and the SDK would poll on forever).
    order_update_wait_seconds: float = 15.0
    # a sale's proceeds become available cash this long after settlement (the spec's "within 24 hours" reading)
    trade_proceeds_delay_seconds: float = 24 * 3600
    # the worker's sticky cache of workflow executions: each open order is one (a GTC order waits for days), and a
    # wake-up of one evicted from the cache replays its whole history. The SDK's default (1,000) is below a busy
    # trading window's open orders (bench/orders.py: 1,000 orders plus the resting ones)
    worker_max_cached_workflows: int = 10_000
    # workflow tasks the worker works on at once (the SDK's default: 100). A task holds its slot while its local
    # activities run (an order's settlement and record), so 100 at once on a busy window interleave on one event loop
    # until each takes seconds, some pass the server's 10 s task timeout and are run again from the whole history;
    # fewer at once finish quicker and the rest wait on the server's queue
    worker_workflow_tasks: int = 20
    # how long a task for a cached workflow waits for this worker before the server gives it to any worker (which
    # replays the whole history). Longer helps a busy window (fewer replays) but is also how long a crashed worker's
    # workflows wait for another worker: 30 s made the SIGKILL fault tests miss their minute, so the SDK's 10 s stays
    worker_sticky_timeout_seconds: float = 10.0
    # activity-task polls the worker keeps open at once (the SDK's default: 5). A worker that stops answering with
    # its polls open (paused, hung) still takes one activity task per open poll, each waiting out its start-to-close
    worker_activity_polls: int = 5
    # tests only (empty = off): a folder where every activity announces its start and where a test arms a hold
    # on chosen activity types to SIGKILL the worker or restart a service inside one (worker/fault_hook.py)
    fault_hook_dir: str = ""
    app_store_url: str = "https://apps.apple.com/app/vitrine"
    play_store_url: str = "https://play.google.com/store/apps/details?id=app.vitrine"

    @model_validator(mode="after")
    def _cheap_passwords_only_in_tests(self) -> Settings:
        if self.password_hash_profile != "rfc9106-low-memory" and self.env not in CHEAP_PASSWORD_ENVS:
            raise ValueError(f"VITRINE_PASSWORD_HASH_PROFILE={self.password_hash_profile} is for the test stacks "
                             f"only ({', '.join(sorted(CHEAP_PASSWORD_ENVS))}), not VITRINE_ENV={self.env}")
        return self


@lru_cache
def get_settings() -> Settings:
    return Settings()
