"""Activities of the e-mail verification workflow. Each is idempotent on a business key."""

from __future__ import annotations

import secrets

from sqlalchemy import func, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlmodel import col
from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities.interfaces import email as interface
from activities.interfaces.email import ExpireConfirmations, MarkVerified, SendConfirmation
from clients.mail import MailClient
from store.models import Email, EmailConfirmation
from store.users import confirm_pending_email

SUBJECTS = {
    "confirm": "Confirm your e-mail address",
    "resend": "Confirm your e-mail address",
    "reminder": "Reminder: confirm your e-mail address",
}


def confirmation_text(link: str, kind: str) -> str:
    opener = "You have not confirmed your e-mail address yet." if kind == "reminder" else "Welcome to Vitrine!"
    return (
        f"{opener}\n\nPlease confirm your e-mail address by opening this link:\n{link}\n\n"
        "You need a confirmed e-mail address to fund your account and buy shares.\n"
        "If you did not sign up for Vitrine, ignore this message."
    )


class EmailActivities(interface.EmailActivities):
    def __init__(self, sessions: async_sessionmaker[AsyncSession], mail: MailClient, app_url: str) -> None:
        self._sessions, self._mail, self._app_url = sessions, mail, app_url.rstrip("/")

    @activity.defn(name="email.send_confirmation")
    async def send_confirmation(self, req: SendConfirmation) -> int:
        """Creates (once per idempotency key) a confirmation key and mails its link. Returns the key's id."""
        async with self._sessions() as db:
            email = await db.get(Email, req.email_id)
            if email is None:
                raise ApplicationError(f"e-mail {req.email_id} does not exist", type="EmailNotFound",
                                       non_retryable=True)
            if email.verified:
                return 0
            await db.execute(
                insert(EmailConfirmation)
                .values(email_id=email.id, key=secrets.token_urlsafe(32), idempotency_key=req.idempotency_key,
                        workflow_id=req.workflow_id)
                .on_conflict_do_nothing(index_elements=["idempotency_key"])
            )
            await db.commit()
            conf = await db.scalar(select(EmailConfirmation).where(
                col(EmailConfirmation.idempotency_key) == req.idempotency_key))
            assert conf is not None
            link = f"{self._app_url}/email/confirm?key={conf.key}"
            await self._mail.send(to=email.email, subject=SUBJECTS[req.kind], text=confirmation_text(link, req.kind),
                                  idempotency_key=req.idempotency_key)
            return conf.id

    @activity.defn(name="email.mark_verified")
    async def mark_verified(self, req: MarkVerified) -> None:
        async with self._sessions() as db:
            await db.execute(update(Email).where(col(Email.id) == req.email_id).values(verified=True))
            await confirm_pending_email(db, req.email_id)  # a changed address becomes the login address now
            await db.execute(update(EmailConfirmation)
                             .where(col(EmailConfirmation.id) == req.confirmation_id,
                                    col(EmailConfirmation.confirmed_at).is_(None))
                             .values(confirmed_at=func.now()))
            await db.commit()

    @activity.defn(name="email.expire_confirmations")
    async def expire_confirmations(self, req: ExpireConfirmations) -> int:
        async with self._sessions() as db:
            result = await db.execute(
                update(EmailConfirmation)
                .where(col(EmailConfirmation.email_id) == req.email_id, col(EmailConfirmation.workflow_id) == req.workflow_id,
                       col(EmailConfirmation.confirmed_at).is_(None), col(EmailConfirmation.expired_at).is_(None))
                .values(expired_at=func.now())
            )
            await db.commit()
            return int(getattr(result, "rowcount", 0) or 0)
