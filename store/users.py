"""Creating and finding users (with their e-mail rows, customer and first financial account)."""

from __future__ import annotations

from sqlalchemy import func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from store.models import Account, Customer, Email, User


async def find_by_login(db: AsyncSession, identifier: str) -> User | None:
    ident = identifier.strip().lower()
    user: User | None = await db.scalar(select(User).where(or_(User.email == ident, func.lower(User.username) == ident)))
    return user


async def email_in_use(db: AsyncSession, email: str, *, except_user: int | None = None) -> bool:
    q = select(Email.id).where(Email.email == email)
    if except_user is not None:
        q = q.where(Email.user_id != except_user)
    return (await db.scalar(q)) is not None or (
        await db.scalar(select(User.id).where(User.email == email, User.id != (except_user or 0)))) is not None


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


async def set_primary_email(db: AsyncSession, user: User, email: str) -> Email:
    """Makes `email` the user's primary address (unverified if new) and returns its row."""
    row = await db.scalar(select(Email).where(Email.user_id == user.id, Email.email == email))
    await db.execute(update(Email).where(Email.user_id == user.id).values(primary=False))
    if row is None:
        row = Email(user_id=user.id, email=email, primary=True, verified=False)
        db.add(row)
    else:
        row.primary = True
    user.email = email
    await db.flush()
    return row
