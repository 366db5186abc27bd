"""Creating and finding users (with their e-mail rows, customer and first financial account)."""

from __future__ import annotations

from sqlalchemy import func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from store.models import Account, Customer, Email, User


async def find_by_login(db: AsyncSession, identifier: str) -> User | None:
    ident = identifier.strip().lower()
    user: User | None = await db.scalar(select(User).where(
        or_(col(User.email) == ident, func.lower(col(User.username)) == ident)))
    return user


async def email_in_use(db: AsyncSession, email: str, *, except_user: int | None = None) -> bool:
    q = select(col(Email.id)).where(col(Email.email) == email)
    if except_user is not None:
        q = q.where(col(Email.user_id) != except_user)
    return (await db.scalar(q)) is not None or (
        await db.scalar(select(col(User.id)).where(col(User.email) == email, col(User.id) != (except_user or 0)))) is not None


async def create_user(db: AsyncSession, *, email: str, password_hash: str, referral_code: str = "") -> tuple[User, Email]:
    user = User(email=email, password_hash=password_hash, referral_code=referral_code)
    db.add(user)
    await db.flush()
    row = Email(user_id=user.id, email=email, primary=True, verified=False)
    customer = Customer(user_id=user.id)
    db.add_all([row, customer])
    await db.flush()
    db.add(Account(customer_id=customer.id))
    await db.flush()
    return user, row


async def first_account_id(db: AsyncSession, user_id: int) -> int | None:
    """The user's financial account id (spec doc 1 §3: the customer's first account; doc 3 §7: the account of the
    order calls): one indexed read."""
    found: int | None = await db.scalar(select(func.min(col(Account.id))).join(
        Customer, col(Customer.id) == col(Account.customer_id)).where(col(Customer.user_id) == user_id))
    return found


async def request_email_change(db: AsyncSession, user: User, email: str) -> tuple[Email, bool, bool]:
    """Records `email` as the account's pending address (unverified, not primary): the login address stays until the
    new one is confirmed (`confirm_pending_email`). An address of the user's own that is already verified switches
    at once. Returns (row, switched, created)."""
    row = await db.scalar(select(Email).where(col(Email.user_id) == user.id, col(Email.email) == email))
    created = row is None
    if row is None:
        row = Email(user_id=user.id, email=email, primary=False, verified=False)
        db.add(row)
        await db.flush()
    if row.verified:
        await _make_login_address(db, user, row)
        return row, True, created
    user.pending_email_id = row.id
    await db.flush()
    return row, False, created


async def confirm_pending_email(db: AsyncSession, email_id: int) -> bool:
    """A confirmed address that is its account's pending one becomes the login (and primary) address."""
    user = await db.scalar(select(User).where(col(User.pending_email_id) == email_id))
    row = await db.get(Email, email_id)
    if user is None or row is None:
        return False
    await _make_login_address(db, user, row)
    return True


async def _make_login_address(db: AsyncSession, user: User, row: Email) -> None:
    await db.execute(update(Email).where(col(Email.user_id) == user.id).values(primary=False))
    row.primary = True
    user.email = row.email
    user.pending_email_id = None
    await db.flush()
