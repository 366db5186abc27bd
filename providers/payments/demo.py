"""The demo investors' payment customers and banks (``make dev``; Vitrine's seed, store/demo_investors.py): each a
verified customer with a bank account verified by its micro-deposits, so a demo investor's deposit or withdrawal
goes through the sandbox as anybody's. The provider does not import Vitrine's store: the ids, names and accounts
below mirror the seed's (tests/api/test_demo_history.py checks that they agree). Written at startup with fixed ids,
only where missing (a record changed since — new contact details, a removed bank — stays as it is), so every start
runs it."""

from __future__ import annotations

from dataclasses import dataclass

from providers import jobs
from providers.banklink import banks
from providers.payments.customers import VERIFIED as CUSTOMER_VERIFIED
from providers.payments.funding import VERIFIED
from providers.sqlite import Storage


@dataclass(frozen=True)
class DemoCustomer:
    customer_id: str
    source_id: str
    email: str
    first_name: str
    last_name: str
    ssn_last4: str
    contact: tuple[str, str, str, str, str, str]  # address1, address2, city, state, postal_code, phone
    account: tuple[str, str, str]  # routing number, account number, type

    @property
    def name(self) -> str:
        return f"{self.first_name} {self.last_name}"


DEMO_CUSTOMERS: tuple[DemoCustomer, ...] = (
    DemoCustomer("cus_demo_avery", "fs_demo_avery", "demo@vitrine.test", "Avery", "Collins", "0142",
                 ("214 Elm Street", "Apt 3B", "Brooklyn", "NY", "11201", "7185550142"),
                 ("440000107", "4401230142", "checking")),
    DemoCustomer("cus_demo_jordan", "fs_demo_jordan", "trader1@vitrine.test", "Jordan", "Reyes", "0187",
                 ("1630 Blake Street", "", "Denver", "CO", "80202", "3035550187"),
                 ("440000408", "7302010187", "savings")),
    DemoCustomer("cus_demo_priya", "fs_demo_priya", "trader2@vitrine.test", "Priya", "Shah", "0123",
                 ("88 Valencia Street", "Unit 5", "San Francisco", "CA", "94103", "4155550123"),
                 ("440000505", "9150070123", "checking")),
)


def seed(storage: Storage) -> None:
    """The demo customers and their verified banks, where missing."""
    at = jobs.iso(jobs.now_epoch())
    with storage.transaction() as conn:
        for c in DEMO_CUSTOMERS:
            conn.execute(
                "INSERT OR IGNORE INTO payment_customers (id, external_id, first_name, last_name, email, ssn_last4, status,"
                " created, updated, address1, address2, city, state, postal_code, phone)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (c.customer_id, f"demo:{c.email}", c.first_name, c.last_name, c.email, c.ssn_last4, CUSTOMER_VERIFIED,
                 at, at, *c.contact),
            )
            routing, number, kind = c.account
            conn.execute(
                "INSERT OR IGNORE INTO funding_sources (id, customer_id, routing_number, account_number, name, type,"
                " bank_name, status, micro_status, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'completed', ?, ?)",
                (c.source_id, c.customer_id, routing, number, c.name, kind, banks.bank_name(routing), VERIFIED, at, at),
            )
