"""Notices of "Notify me" (spec doc 1 §7, doc 3 §4.7), pure: an asset a person asked about opened its offering
(a `notify_me` subscription) or its trading (`notify_on_trading`). The events, the statuses in which each one has
happened, each notice's business key and its words."""

from __future__ import annotations

from dataclasses import dataclass

from domain.asset_status import OPEN_ICO, POST_ONLY, TRADING

OFFERING_OPEN = "offering-open"
TRADING_OPEN = "trading-open"
KIND = {OFFERING_OPEN: "notify_me", TRADING_OPEN: "notify_on_trading"}  # the subscription each event answers
EVENT = {kind: event for event, kind in KIND.items()}
# the asset's status (as the catalogue shows it) once the event has happened: the offering takes orders; the
# secondary market takes orders (open, or post-only with a window scheduled)
REACHED = {OFFERING_OPEN: frozenset({OPEN_ICO}), TRADING_OPEN: frozenset({TRADING, POST_ONLY})}
WHAT = {OFFERING_OPEN: "open for investment", TRADING_OPEN: "open for trading"}


class UnknownEvent(ValueError):
    pass


def kind_of(event: str) -> str:
    """The subscription kind an event answers; UnknownEvent for anything else."""
    try:
        return KIND[event]
    except KeyError:
        raise UnknownEvent(f"not a notice event: {event!r} (one of {sorted(KIND)})") from None


def reached(event: str, status: str) -> bool:
    """Whether an asset in `status` has had `event` (its subscribers are due their notice)."""
    return status in REACHED[event]


def notice_key(asset_id: int, event: str, user_id: int, subscription_id: int) -> str:
    """The notice's business key: one notice per subscription and event (the database's unique key and the mail's
    idempotency key). The subscription's id tells a later subscription of the same person — after trading closed
    again — from the one already answered."""
    return f"notice:{asset_id}:{event}:{user_id}:{subscription_id}"


@dataclass(frozen=True)
class Words:
    title: str
    body: str


def words(event: str, ticker: str, display_name: str) -> Words:
    """The notice's title (also the mail's subject) and text, the same in the app and in the mail."""
    what = WHAT[event]
    return Words(f"{ticker} is now {what}",
                 f"{display_name} ({ticker}) is now {what}. You asked us to let you know when it opens.")


def mail_text(body: str, link: str) -> str:
    return (f"{body}\n\nSee it on Vitrine:\n{link}\n\n"
            "You get this message once: you asked for it on the asset's page.")
