"""What the worker runs: the workflow classes and the activity instances with their dependencies."""

from __future__ import annotations

import functools
import hashlib
import platform
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

import holidays.countries  # noqa: F401 (SANDBOX)
import httpx
import temporalio
from redis.asyncio import Redis
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from temporalio.client import Client
from temporalio.worker import PollerBehaviorSimpleMaximum, Worker
from temporalio.worker.workflow_sandbox import SandboxedWorkflowRunner, SandboxRestrictions

from activities.bank_link import BankLinkActivities
from activities.documents import DocumentActivities
from activities.email import EmailActivities
from activities.esign import EsignActivities
from activities.funding import FundingActivities
from activities.live import LiveActivities
from activities.merchandise import MerchandiseActivities
from activities.notices import NoticeActivities
from activities.offering import OfferingActivities
from activities.payments import PaymentActivities
from activities.profile import ProfileActivities
from activities.purchase import PurchaseActivities
from activities.statements import StatementActivities
from activities.trading.order import TradingActivities, activities_of
from activities.trading.placement import PlaceOrderActivities
from activities.trading.reconcile import ReconcileActivities
from activities.transfers import TransferActivities
from clients.ats import ats_client
from clients.esign import EsignClient
from clients.http import tls_context
from clients.mail import MailClient
from clients.payments import BankLinkClient, PaymentsClient
from clients.promo import PromoClient
from clients.shop import ShopClient
from config import Settings
from store.crypto import PiiCipher
from store.db import make_engine, make_sessionmaker
from store.document_files import document_files
from worker.fault_hook import interceptors
from worker.stale_updates import StaleUpdates
from workflows.asset_notices import AssetNoticesWorkflow
from workflows.bank_link import BankLinkWorkflow
from workflows.customer_profile_sync import CustomerProfileSyncWorkflow
from workflows.document_upload import DocumentUploadWorkflow
from workflows.email_verification import EmailVerificationWorkflow
from workflows.fund_account import FundAccountWorkflow
from workflows.merchandise import MerchandiseOrderWorkflow
from workflows.offering import OfferingWorkflow
from workflows.onboarding import OnboardingWorkflow
from workflows.purchase.workflow import MakeInvestmentWorkflow
from workflows.statements import StatementsWorkflow
from workflows.trading.order import OrderWorkflow
from workflows.trading.order_reconcile import OrderReconcileWorkflow
from workflows.trading.place_order import PlaceOrderWorkflow
from workflows.transfer import TransferWorkflow

WORKFLOWS: Sequence[type] = (EmailVerificationWorkflow, OnboardingWorkflow, BankLinkWorkflow, TransferWorkflow,
                              FundAccountWorkflow, DocumentUploadWorkflow, OfferingWorkflow, MakeInvestmentWorkflow,
                              MerchandiseOrderWorkflow, PlaceOrderWorkflow, OrderWorkflow, StatementsWorkflow,
                              CustomerProfileSyncWorkflow, AssetNoticesWorkflow, OrderReconcileWorkflow)

# Third-party modules a workflow reaches only through a passed-through module, and imports lazily at its first call,
# would otherwise be imported inside the sandbox of that run ("Module … was imported after initial workflow load")
# and again in the next. `holidays` (domain/trading/market_calendar.py, for Statements' due day) loads its country
# calendars on demand: passed through, and its calendars loaded here once, every run finds them in the worker's modules.
SANDBOX = SandboxedWorkflowRunner(restrictions=SandboxRestrictions.default.with_passthrough_modules("holidays"))


ROOT = Path(__file__).resolve().parent.parent
# What a worker runs: the project's packages a workflow or activity reaches, and the pinned dependencies.
BUILD_SOURCES = ("activities", "clients", "domain", "store", "worker", "workflows", "config.py", "uv.lock")


@functools.cache
def build_id() -> str:
    """The worker's build id: a digest of the project's sources and pinned dependencies, computed once per process.

    Without worker versioning (Vitrine does not use it) a build id routes nothing: it only names the code that
    completed each workflow task. Left unset, the SDK computes one by reading the bytecode of every loaded module
    (`load_default_build_id`, ≈ 0.35 s of CPU per process with bytecode caches, several seconds without); this
    one reads ≈ 200 files. It changes when the project's code, a pinned dependency or the Python version does."""
    digest = hashlib.sha256(f"{platform.python_version()} temporalio {temporalio.__version__}".encode())
    for name in BUILD_SOURCES:
        path = ROOT / name
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path] if path.exists() else []
        for file in files:
            digest.update(file.relative_to(ROOT).as_posix().encode() + b"\0" + file.read_bytes() + b"\0")
    return f"vitrine-{digest.hexdigest()[:32]}"


@dataclass
class Resources:
    sessions: async_sessionmaker[AsyncSession]
    http: httpx.AsyncClient
    redis: Redis


@asynccontextmanager
async def worker_resources(settings: Settings) -> AsyncIterator[Resources]:
    engine = make_engine(settings.database_url, settings.database_tls)
    redis = Redis.from_url(settings.redis_url)
    async with httpx.AsyncClient(timeout=settings.provider_timeout_seconds, verify=tls_context()) as http:
        try:
            yield Resources(make_sessionmaker(engine), http, redis)
        finally:
            await redis.aclose()
            await engine.dispose()


def activities(settings: Settings, r: Resources) -> list[Callable[..., Any]]:
    url, key = settings.providers_url, settings.provider_api_key
    pii = PiiCipher(settings.pii_key)
    mail, pay = MailClient(r.http, url, key), PaymentsClient(r.http, url, key)
    email = EmailActivities(r.sessions, mail, settings.app_url)
    profile = ProfileActivities(r.sessions, pii, frozenset(settings.enabled_states))
    payments = PaymentActivities(r.sessions, pay, BankLinkClient(r.http, url, key), pii)
    bank = BankLinkActivities(r.sessions, pay, mail, settings.app_url)
    transfers = TransferActivities(r.sessions, pay, settings.deposit_hold_days)
    funding = FundingActivities(r.sessions, settings)
    documents = DocumentActivities(r.sessions, pay)
    offering = OfferingActivities(r.sessions, r.redis)
    purchase = PurchaseActivities(r.sessions, PromoClient(r.http, url, key), r.redis)
    esign = EsignActivities(r.sessions, EsignClient(r.http, url, key))
    merch = MerchandiseActivities(r.sessions, ShopClient(r.http, url, key))
    place_order = PlaceOrderActivities(r.sessions, ats_client(r.http, settings))
    live = LiveActivities(r.redis)
    trading = TradingActivities(r.sessions, ats_client(r.http, settings), r.redis,
                                timedelta(seconds=settings.trade_proceeds_delay_seconds))
    reconcile = ReconcileActivities(r.sessions, ats_client(r.http, settings))
    statements = StatementActivities(r.sessions, document_files(settings))
    notices = NoticeActivities(r.sessions, r.redis, mail, settings.app_url)
    return [email.send_confirmation, email.mark_verified, email.expire_confirmations, profile.load, profile.save_step,
            payments.ensure_customer, payments.sync_customer, payments.link_manual, payments.link_provider, bank.check,
            bank.verify, bank.remind, transfers.open, transfers.submit, transfers.check, transfers.settle, funding.open_deposit,
            documents.submit, offering.load, offering.transition, purchase.load, purchase.hold, purchase.release,
            purchase.cash, purchase.passport, purchase.agree_tos3, purchase.validate_gift, purchase.invest,
            esign.prepare, esign.status, esign.void, merch.charge, merch.place, merch.refund,
            place_order.load, place_order.market, place_order.place, live.publish_flow, *activities_of(trading),
            reconcile.reconcile_orders,
            statements.investors, statements.make, notices.claim, notices.unmailed, notices.mail]


def build_worker(client: Client, settings: Settings, r: Resources) -> Worker:
    return Worker(client, task_queue=settings.task_queue, workflows=list(WORKFLOWS), workflow_runner=SANDBOX,
                  activities=activities(settings, r), build_id=build_id(),
                  interceptors=[StaleUpdates(), *interceptors(settings.fault_hook_dir)],
                  max_cached_workflows=settings.worker_max_cached_workflows,
                  max_concurrent_workflow_tasks=settings.worker_workflow_tasks,
                  activity_task_poller_behavior=PollerBehaviorSimpleMaximum(settings.worker_activity_polls),
                  sticky_queue_schedule_to_start_timeout=timedelta(seconds=settings.worker_sticky_timeout_seconds))
