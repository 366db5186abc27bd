"""The purchase workflow's contract with its callers (`workflows/purchase/workflow.py`): its id, its input, the
spec's invest call's body, and the retry policies and timeout its steps share."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta

from temporalio.common import RetryPolicy

from workflows.bank_steps import BankLinkTimings

KIND = "make-investment"
DB_RETRY = RetryPolicy(maximum_interval=timedelta(seconds=10), maximum_attempts=5)
PROVIDER_RETRY = RetryPolicy(maximum_interval=timedelta(seconds=30), maximum_attempts=8,
                             non_retryable_error_types=["ProviderRejected", "TransferRefused", "UserNotFound"])
SHORT = timedelta(seconds=30)


@dataclass
class PurchaseInput:
    user_id: int
    asset_id: int
    n: int
    enabled_states: list[str]
    migration_flag: bool = False
    bank_link: BankLinkTimings = field(default_factory=BankLinkTimings)
    reservation_ttl_seconds: int = 20 * 60
    signature_timeout_seconds: int = 30 * 60
    transfer_poll_seconds: int = 30
    return_url: str = "http://localhost:5173/dcsigncllbck"
    app_links: dict[str, str] = field(default_factory=dict)
    idle_timeout_seconds: int = 24 * 3600
    invest_timeout_seconds: float = 60.0  # the investment's start-to-close (a few provider and ledger calls)


@dataclass
class RestInvest:
    """`POST /api/assets/{id}/invest`: what the browser believes it is buying; it must match the flow."""

    shares: int
    envelope_id: str | None = None
    sa_signed_and_agreed_at: str | None = None


def workflow_id(user_id: int, asset_id: int, n: int) -> str:
    return f"purchase-{user_id}-{asset_id}-{n}"


def offering_id(asset_id: int) -> str:
    return f"offering-{asset_id}"
